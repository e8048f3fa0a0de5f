/**
 * `npm run solr:index`: pushes every listing of the database into the Solr core at SOLR_URL
 * (replacing that index's documents), so a site can switch from the embedded engine to Solr.
 *
 *   SOLR_URL=http://localhost:8983/solr/rentals npm run solr:index
 *   SOLR_URL=… DATABASE_URL=postgres://… npm run solr:index
 *
 * It reads the same database as the server (DATABASE_URL, or the embedded one in DATA_DIR)
 * and the same site configuration (SITE_CONFIG). The embedded database can be open in one
 * process only: stop the server first, or let the server index at start (it does, with SOLR_URL).
 * Exits 0 with a summary, or 1 with a message.
 */
import { fileURLToPath } from 'node:url';
import { loadSiteSettings, readServerConfig, type ServerConfig } from '../config.ts';
import { DataDirectoryInUseError, openDatabase } from '../db/client.ts';
import { buildSearchDocuments } from './documents.ts';
import { createSolrBackend, SearchUnavailableError } from './solr-backend.ts';
import type { SearchBackend } from './types.ts';

export interface IndexResult {
  documents: number;
  ms: number;
}

/** Reads the listings and replaces the index's documents in Solr. */
export async function indexIntoSolr(
  config: ServerConfig,
  options: { backend?: SearchBackend; batchSize?: number; log?: (line: string) => void } = {},
): Promise<IndexResult> {
  const log = options.log ?? (() => {});
  if (!config.solrUrl && !options.backend) {
    throw new Error('Set SOLR_URL to the Solr core to fill, e.g. SOLR_URL=http://localhost:8983/solr/rentals npm run solr:index');
  }
  const settings = loadSiteSettings(config.siteConfigPath);
  const started = performance.now();
  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      throw new Error(
        `${error.message} The indexer reads the same embedded database as the server, which locks it while it runs: ` +
          'stop the server and run the indexer again (a server started with SOLR_URL also fills Solr at start), or use DATABASE_URL.',
        { cause: error },
      );
    }
    throw error;
  }
  try {
    const documents = await buildSearchDocuments(database.db, settings);
    if (documents.length === 0) log('The database has no listings yet: start the server once to create the demo content.');
    log(`Read ${documents.length} listings from the ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL database'}.`);
    const backend =
      options.backend ??
      createSolrBackend({ url: config.solrUrl!, timeoutMs: config.solrTimeoutMs, indexId: settings.search.index, batchSize: options.batchSize });
    await backend.replaceAll(documents);
    return { documents: documents.length, ms: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = readServerConfig();
  const result = await indexIntoSolr(config, { log: (line) => console.log(line) });
  console.log(`Indexed ${result.documents} listings into ${config.solrUrl} in ${result.ms} ms.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    const message = error instanceof SearchUnavailableError ? `${error.message}: ${error.detail}` : error instanceof Error ? error.message : String(error);
    console.error(`Cannot index into Solr: ${message}`);
    process.exit(1);
  });
}
