/** Size of the client assets a first visit downloads (raw and gzip), from the production build. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const manifestFile = path.join(root, 'dist', 'client', '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) throw new Error('No build: run `npm run build` first');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
const rows = Object.values(manifest)
  .filter((chunk) => chunk.isEntry)
  .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
  .map((file) => {
    const bytes = fs.readFileSync(path.join(root, 'dist', 'client', file));
    return { file, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
for (const row of rows) console.log(`${row.file.padEnd(50)} ${(row.bytes / 1024).toFixed(1).padStart(8)} KiB  gzip ${(row.gzip / 1024).toFixed(1).padStart(7)} KiB`);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'bundle-size.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2) + '\n');
