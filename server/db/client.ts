import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { projectRoot } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenDatabase {
  db: Database;
  /** 'pglite' for the embedded database in DATA_DIR, 'postgres' for DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');

export class DataDirectoryInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is already open in process ${pid}. ` +
        'Only one server may use an embedded database at a time: stop the other one, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the single-writer lock of an embedded database directory: a file holding our pid,
 * created exclusively. A lock left by a process that is gone is taken over.
 */
const heldHere = new Set<string>();

export function lockDataDirectory(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(fs.realpathSync(dir), 'server.lock');
  if (heldHere.has(lockFile)) throw new DataDirectoryInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirectoryInUseError(dir, pid);
      }
      fs.rmSync(lockFile, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

/**
 * Opens the database and applies the migrations: PostgreSQL through `pg` when `databaseUrl`
 * is set, otherwise PGlite in `<dataDir>/db` (`memory: true` keeps it in memory, for tests).
 */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  memory?: boolean;
}): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, an administrator, a dropped test database)
    // is an 'error' on the pool; unheard it would end the process. The pool opens a new one when needed.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // btree_gist backs the bookings' exclusion constraint (migration 0004): no double booking.
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const release = options.memory ? () => {} : lockDataDirectory(options.dataDir);
  try {
    const extensions = { btree_gist };
    const client = options.memory ? new PGlite({ extensions }) : new PGlite(path.join(options.dataDir, 'db'), { extensions });
    await client.waitReady;
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
