// The build's finishing steps for the public client folder (run by scripts/ensure-build.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes name.br and name.gz beside every compressible asset (served by @fastify/static's preCompressed). */
export async function precompress(dir) {
  const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const content = fs.readFileSync(file);
      if (content.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzip(content, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
  return files.length;
}

/** Moves the client's source maps out of the public folder (they are built 'hidden': no reference in the scripts). */
export function moveSourceMaps(clientDir, mapsDir) {
  fs.rmSync(mapsDir, { recursive: true, force: true });
  for (const name of fs.readdirSync(clientDir, { recursive: true }).map(String)) {
    if (!name.endsWith('.map')) continue;
    const target = path.join(mapsDir, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(clientDir, name), target);
  }
}
