/**
 * The dashboard's CSV exports: one per table, computed by the same SQL as the page.
 *
 *   GET /admin/analytics/export/{name}.csv?from=YYYY-MM-DD&to=YYYY-MM-DD
 */
import type { Database } from '../db/client.ts';
import { errorsByMessage, funnel, searchesPerDay, topListings, zeroResultTerms, type DateRange } from './analytics-report.ts';
import { csvTable } from './csv.ts';

/** Rows of the ranked exports (more than the page shows). */
const EXPORT_ROWS = 1000;

export const EXPORTS = {
  searches: {
    title: 'Searches per day',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await searchesPerDay(db, range);
      return csvTable(['day', 'searches', 'zero_results'], rows.map((row) => [row.day, row.searches, row.zeroResults]));
    },
  },
  'zero-results': {
    title: 'Zero-result searches',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await zeroResultTerms(db, range, EXPORT_ROWS);
      return csvTable(['search_term', 'searches', 'last_seen_utc'], rows.map((row) => [row.term, row.searches, row.lastSeen]));
    },
  },
  listings: {
    title: 'Listings',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await topListings(db, range, EXPORT_ROWS);
      return csvTable(['item_id', 'name', 'impressions', 'clicks', 'ctr_percent'], rows.map((row) => [row.itemId, row.name, row.impressions, row.clicks, row.ctr]));
    },
  },
  funnel: {
    title: 'Funnel',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await funnel(db, range);
      return csvTable(['step', 'count', 'percent_of_previous'], rows.map((row) => [row.step, row.count, row.ofPrevious]));
    },
  },
  errors: {
    title: 'Errors',
    async csv(db: Pick<Database, 'execute'>, range: DateRange) {
      const rows = await errorsByMessage(db, range, EXPORT_ROWS);
      return csvTable(['message', 'reports', 'fatal', 'pages', 'last_seen_utc'], rows.map((row) => [row.message, row.count, row.fatal, row.pages, row.lastSeen]));
    },
  },
} as const;

export type ExportName = keyof typeof EXPORTS;

export function isExportName(name: string): name is ExportName {
  return Object.hasOwn(EXPORTS, name);
}
