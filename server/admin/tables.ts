/**
 * The dashboard's tables, each column stated once: its heading on the page, its name in the CSV
 * export, its value (what the CSV writes) and, where the page shows it otherwise, its cell. The
 * page (pages.ts) and the exports (exports.ts) both read these, so they cannot disagree.
 */
import { escapeHtml } from '../html.ts';
import type { CappedDay, ErrorRow, FunnelStep, ListingRow, SearchDay, ZeroResultTerm } from './analytics-report.ts';
import { FUNNEL_LABELS } from './charts.ts';
import type { CsvCell } from './csv.ts';

export interface Column<T> {
  /** The page's column heading. */
  label: string;
  /** The CSV export's column name. */
  csv: string;
  /** The value as the CSV writes it (numbers as numbers, an unknown as empty). */
  value: (row: T) => CsvCell;
  /** The page's cell as HTML; by default the value, escaped, numbers with thousands separators. */
  html?: (row: T) => string;
  numeric?: boolean;
}

export const formatNumber = (value: number): string => value.toLocaleString('en-US');
export const formatPercent = (value: number | null): string => (value === null ? '–' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`);

/** A column's cell on the page. */
export function htmlCell<T>(column: Column<T>, row: T): string {
  if (column.html) return column.html(row);
  const value = column.value(row);
  if (value === null) return '–';
  return typeof value === 'number' ? formatNumber(value) : escapeHtml(value);
}

const column = <T>(spec: Column<T>): Column<T> => spec;

export const SEARCHES_COLUMNS: ReadonlyArray<Column<SearchDay>> = [
  column({ label: 'Day', csv: 'day', value: (row) => row.day }),
  column({ label: 'Searches', csv: 'searches', value: (row) => row.searches, numeric: true }),
  column({ label: 'Zero results', csv: 'zero_results', value: (row) => row.zeroResults, numeric: true }),
];

export const ZERO_RESULT_COLUMNS: ReadonlyArray<Column<ZeroResultTerm>> = [
  column({ label: 'Search', csv: 'search_term', value: (row) => row.term, html: (row) => (row.term === '' ? '<em>(empty search)</em>' : escapeHtml(row.term)) }),
  column({ label: 'Searches', csv: 'searches', value: (row) => row.searches, numeric: true }),
  column({ label: 'Last (UTC)', csv: 'last_seen_utc', value: (row) => row.lastSeen }),
];

export const LISTING_COLUMNS: ReadonlyArray<Column<ListingRow>> = [
  column({ label: 'Id', csv: 'item_id', value: (row) => row.itemId }),
  column({ label: 'Listing', csv: 'name', value: (row) => row.name, html: (row) => (row.slug ? `<a href="/listing/${encodeURIComponent(row.slug)}">${escapeHtml(row.name)}</a>` : escapeHtml(row.name)) }),
  column({ label: 'Impressions', csv: 'impressions', value: (row) => row.impressions, numeric: true }),
  column({ label: 'Clicks', csv: 'clicks', value: (row) => row.clicks, numeric: true }),
  column({ label: 'Click-through rate', csv: 'ctr_percent', value: (row) => row.ctr, html: (row) => formatPercent(row.ctr), numeric: true }),
];

export const FUNNEL_COLUMNS: ReadonlyArray<Column<FunnelStep>> = [
  column({ label: 'Step', csv: 'step', value: (row) => row.step, html: (row) => escapeHtml(FUNNEL_LABELS[row.step] ?? row.step) }),
  column({ label: 'Count', csv: 'count', value: (row) => row.count, numeric: true }),
  column({ label: 'Of the step before', csv: 'percent_of_previous', value: (row) => row.ofPrevious, html: (row) => formatPercent(row.ofPrevious), numeric: true }),
];

export const ERROR_COLUMNS: ReadonlyArray<Column<ErrorRow>> = [
  column({ label: 'Message', csv: 'message', value: (row) => row.message }),
  column({ label: 'Reports', csv: 'reports', value: (row) => row.count, numeric: true }),
  column({ label: 'Fatal', csv: 'fatal', value: (row) => row.fatal, numeric: true }),
  column({ label: 'Pages', csv: 'pages', value: (row) => row.pages, numeric: true }),
  column({ label: 'Last (UTC)', csv: 'last_seen_utc', value: (row) => row.lastSeen }),
];

export const CAPPED_DAY_COLUMNS: ReadonlyArray<Column<CappedDay>> = [
  column({ label: 'Day', csv: 'day', value: (row) => row.day }),
  column({ label: 'Zero-result searches of further terms', csv: 'terms_over', value: (row) => row.termsOver, numeric: true }),
  column({ label: 'Error reports of further messages', csv: 'errors_over', value: (row) => row.errorsOver, numeric: true }),
  column({ label: 'Impressions and clicks of ids that are no listing', csv: 'other_items', value: (row) => row.otherItems, numeric: true }),
];
