/**
 * The dashboard's CSV exports: one per table, computed by the same SQL as the page.
 *
 *   GET /admin/analytics/export/{name}.csv?from=YYYY-MM-DD&to=YYYY-MM-DD
 */
import type { Database } from '../db/client.ts';
import { errorsByMessage, funnel, searchesPerDay, topListings, zeroResultTerms, type DateRange } from './analytics-report.ts';
import { csvTable } from './csv.ts';
import { ERROR_COLUMNS, FUNNEL_COLUMNS, LISTING_COLUMNS, SEARCHES_COLUMNS, ZERO_RESULT_COLUMNS, type Column } from './tables.ts';

/** Rows of the ranked exports (more than the page shows). */
const EXPORT_ROWS = 1000;

/** A table as CSV, with the dashboard's columns (server/admin/tables.ts). */
const csvOf = <T>(columns: ReadonlyArray<Column<T>>, rows: readonly T[]) => csvTable(columns.map((column) => column.csv), rows.map((row) => columns.map((column) => column.value(row))));

export const EXPORTS = {
  searches: {
    title: 'Searches per day',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await searchesPerDay(db, range);
      return csvOf(SEARCHES_COLUMNS, rows);
    },
  },
  'zero-results': {
    title: 'Zero-result searches',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await zeroResultTerms(db, range, EXPORT_ROWS);
      return csvOf(ZERO_RESULT_COLUMNS, rows);
    },
  },
  listings: {
    title: 'Listings',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await topListings(db, range, EXPORT_ROWS);
      return csvOf(LISTING_COLUMNS, rows);
    },
  },
  funnel: {
    title: 'Funnel',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await funnel(db, range);
      return csvOf(FUNNEL_COLUMNS, rows);
    },
  },
  errors: {
    title: 'Errors',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await errorsByMessage(db, range, EXPORT_ROWS);
      return csvOf(ERROR_COLUMNS, rows);
    },
  },
} as const;

export type ExportName = keyof typeof EXPORTS;

export function isExportName(name: string): name is ExportName {
  return Object.hasOwn(EXPORTS, name);
}
