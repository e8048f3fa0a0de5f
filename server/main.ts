import { readServerConfig } from './config.ts';
import { projectRoot } from './paths.ts';
import { openSite } from './site.ts';

async function main(): Promise<void> {
  const started = performance.now();
  const config = readServerConfig();
  const site = await openSite(config, { root: projectRoot });
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
    { database: site.database.kind, mode: config.mode, startupMs: Math.round(performance.now() - started) },
    `Serving ${site.settings.site.name} on http://localhost:${port}`,
  );
}

main().catch((error: unknown) => {
  // Known start-up problems (bad configuration, locked data directory) get their message only.
  console.error(`Cannot start the server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
