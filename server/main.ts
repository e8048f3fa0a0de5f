import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readServerConfig } from './config.ts';
import { projectRoot } from './paths.ts';
import { describeTrustProxy } from './security/trust-proxy.ts';
import { openSite } from './site.ts';

/**
 * Brings the client and rendering bundles up to date (scripts/ensure-build.mjs --client: a quick
 * no-op when they are), in a child process, while the database opens and the demo content is
 * created. A deployment without the build script (only dist/) skips it.
 */
function ensureClientBuild(): Promise<void> | undefined {
  const script = path.join(projectRoot, 'scripts', 'ensure-build.mjs');
  if (!fs.existsSync(script)) return undefined;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, '--client'], { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building the client failed (exit code ${code})`))));
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  // `npm start` serves production builds: React's production build unless NODE_ENV says otherwise
  // (the renderer loads React after this line).
  process.env.NODE_ENV ||= 'production';
  const config = readServerConfig();
  const clientBuild = config.mode === 'production' ? ensureClientBuild() : undefined;
  clientBuild?.catch(() => {}); // reported through openSite; a start that fails before it waits must not crash on it
  const site = await openSite(config, { root: projectRoot, clientBuild });
  if (site.seeded.created) console.log(`Demo content created: ${JSON.stringify(site.seeded.counts)}`);
  const { app } = site;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    const ok = await site.close((name, ms, error) => {
      if (error === undefined) app.log.info(`shutdown: ${name} closed in ${ms} ms`);
      else app.log.error({ err: error }, `shutdown: closing the ${name} failed`);
    });
    process.exit(ok ? 0 : 1);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { database: site.database.kind, mode: config.mode, startupMs: Math.round(performance.now() - started), phases: site.phases },
    `Serving ${site.settings.site.name} on http://localhost:${port}`,
  );
  app.log.info(
    { publicOrigin: site.publicOrigin, trustedOrigins: config.trustedOrigins, trustProxy: describeTrustProxy(config.trustProxy) },
    config.publicOrigin
      ? `Public origin ${site.publicOrigin} (PUBLIC_ORIGIN)`
      : `Public origin ${site.publicOrigin} (PUBLIC_ORIGIN is not set: share links will point to this machine; set it to the address visitors use)`,
  );
}

main().catch((error: unknown) => {
  // Known start-up problems (bad configuration, locked data directory) get their message only.
  console.error(`Cannot start the server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
