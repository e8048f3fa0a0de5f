import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.ts';
import { loadSiteSettings, readServerConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createContentService } from './content/content-service.ts';
import { ensureDemoContent } from './demo/seed.ts';
import { createBuildRenderer, createViteRenderer } from './renderer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** COOKIE_SECRET, or a random one kept in the data directory (set COOKIE_SECRET when running several instances). */
function cookieSecret(dataDir: string): string {
  if (process.env.COOKIE_SECRET) return process.env.COOKIE_SECRET;
  const file = path.join(dataDir, 'cookie-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = readServerConfig();
  const settings = loadSiteSettings(config.siteConfigPath);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const mediaDir = path.join(config.dataDir, 'media');
  let renderer;
  try {
    const seeded = await ensureDemoContent(database.db, mediaDir);
    renderer = config.mode === 'development' ? await createViteRenderer(root, { hmr: config.hmr }) : await createBuildRenderer(path.join(root, 'dist'));
    if (seeded.created) console.log(`Demo content created: ${JSON.stringify(seeded.counts)}`);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir,
    cookieSecret: cookieSecret(config.dataDir),
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    databaseKind: database.kind,
    development: config.mode === 'development',
  });

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
    try {
      await app.close();
      await renderer.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { database: database.kind, mode: config.mode, startupMs: Math.round(performance.now() - started) },
    `Serving ${settings.site.name} on http://localhost:${port}`,
  );
}

main().catch((error: unknown) => {
  // Known start-up problems (bad configuration, locked data directory) get their message only.
  console.error(`Cannot start the server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
