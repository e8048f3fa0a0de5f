/**
 * The dashboard's charts, drawn on the server with Observable Plot into SVG (a jsdom document
 * stands in for the browser's): the admin pages need no script at all, and no chart code reaches
 * any public page. Plot and jsdom are loaded on the first dashboard request only, never at start.
 * Each chart carries an aria-label and an aria-description; the page puts the same figures in a
 * table beside it.
 */
import type * as PlotNamespace from '@observablehq/plot';
import type { AnalyticsReport } from './analytics-report.ts';

type PlotModule = typeof PlotNamespace;

let loading: Promise<{ Plot: PlotModule; document: Document }> | null = null;

function plotting(): Promise<{ Plot: PlotModule; document: Document }> {
  loading ??= (async () => {
    const [Plot, { JSDOM }] = await Promise.all([import('@observablehq/plot'), import('jsdom')]);
    return { Plot, document: new JSDOM('<!doctype html><html><body></body></html>').window.document };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export interface DashboardCharts {
  searches: string;
  listings: string;
  funnel: string;
  errors: string;
}

const WIDTH = 720;
const COLOURS = { searches: '#0e7490', zero: '#b45309', clicks: '#7c2d12' };
/** The funnel's steps as the dashboard names them (its chart and its table). */
export const FUNNEL_LABELS: Record<string, string> = { add_to_cart: 'Added to cart', begin_checkout: 'Began checkout', booking: 'Booked (stays)' };
const short = (text: string, max = 48) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Lets the server's other requests run between two charts (each takes a few milliseconds to draw). */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The SVG (or figure, with a legend) of each chart, as HTML. */
export async function drawCharts(report: AnalyticsReport): Promise<DashboardCharts> {
  const { Plot, document } = await plotting();
  // Each chart is one image to assistive technology (role img, named and described); Plot also
  // names its groups of marks, which ARIA does not allow on a plain group.
  const html = (node: Element) => {
    for (const svg of node.matches('svg[aria-label]') ? [node] : [...node.querySelectorAll('svg[aria-label]')]) {
      svg.setAttribute('role', 'img');
      for (const part of svg.querySelectorAll('[aria-label]')) part.removeAttribute('aria-label');
    }
    return node.outerHTML;
  };

  const perDay = report.searchesPerDay.flatMap((row) => [
    { day: new Date(`${row.day}T00:00:00Z`), series: 'Searches', count: row.searches },
    { day: new Date(`${row.day}T00:00:00Z`), series: 'Zero-result searches', count: row.zeroResults },
  ]);
  const searches = html(Plot.plot({
    document,
    width: WIDTH,
    height: 260,
    marginLeft: 48,
    ariaLabel: 'Searches per day',
    ariaDescription: `Searches and zero-result searches each day from ${report.range.from} to ${report.range.to}: ${report.totals.searches} searches, ${report.totals.zeroResults} with no result.`,
    x: { type: 'utc', label: null },
    y: { grid: true, label: 'Searches', zero: true },
    color: { domain: ['Searches', 'Zero-result searches'], range: [COLOURS.searches, COLOURS.zero], legend: true },
    marks: [
      Plot.ruleY([0]),
      Plot.lineY(perDay, { x: 'day', y: 'count', stroke: 'series', strokeWidth: 2, marker: perDay.length <= 62 ? 'circle' : null }),
    ],
  }));

  await yieldToLoop();
  // Impressions as bars, clicks as a narrower bar over them (from 0, not stacked), with the CTR.
  const top = report.listings.slice(0, 10).map((row) => ({ ...row, label: short(row.name, 36) }));
  const listings = html(Plot.plot({
    document,
    width: WIDTH,
    height: 70 + 28 * Math.max(1, top.length),
    marginLeft: 230,
    marginRight: 110,
    ariaLabel: 'Top listings by impressions',
    ariaDescription: `Impressions and clicks of the ${top.length} listings seen most from ${report.range.from} to ${report.range.to}.`,
    x: { grid: true, label: 'Count', axis: 'top' },
    y: { label: null, domain: top.map((row) => row.label) },
    color: { domain: ['Impressions', 'Clicks'], range: [COLOURS.searches, COLOURS.clicks], legend: true },
    marks: [
      Plot.barX(top, { y: 'label', x1: 0, x2: 'impressions', fill: () => 'Impressions', insetTop: 2, insetBottom: 2 }),
      Plot.barX(top, { y: 'label', x1: 0, x2: 'clicks', fill: () => 'Clicks', insetTop: 8, insetBottom: 8 }),
      Plot.text(top, { y: 'label', x: 'impressions', text: (d: { clicks: number; ctr: number | null }) => `${d.clicks} clicks · ${d.ctr ?? 0} %`, dx: 6, textAnchor: 'start', fill: 'currentColor' }),
      Plot.ruleX([0]),
    ],
  }));

  await yieldToLoop();
  const steps = report.funnel.map((step) => ({ step: FUNNEL_LABELS[step.step] ?? step.step, count: step.count }));
  const funnel = html(Plot.plot({
    document,
    width: WIDTH,
    height: 160,
    marginLeft: 130,
    marginRight: 60,
    ariaLabel: 'Add to cart, checkout and booking funnel',
    ariaDescription: steps.map((step) => `${step.step}: ${step.count}`).join('; '),
    x: { grid: true, label: 'Count', axis: 'top' },
    y: { label: null, domain: steps.map((step) => step.step) },
    marks: [
      Plot.barX(steps, { y: 'step', x: 'count', fill: COLOURS.searches, insetTop: 4, insetBottom: 4 }),
      Plot.text(steps, { y: 'step', x: 'count', text: (d: { count: number }) => String(d.count), dx: 6, textAnchor: 'start', fill: 'currentColor' }),
      Plot.ruleX([0]),
    ],
  }));

  await yieldToLoop();
  const errorRows = report.errors.slice(0, 10).map((row) => ({ message: short(row.message), count: row.count }));
  const errors = html(Plot.plot({
    document,
    width: WIDTH,
    height: 60 + 28 * Math.max(1, errorRows.length),
    marginLeft: 300,
    ariaLabel: 'Errors by message',
    ariaDescription: errorRows.length === 0 ? 'No errors were reported in this range.' : `The ${errorRows.length} most frequent error messages and how often each was reported.`,
    x: { grid: true, label: 'Reports', axis: 'top', tickFormat: 'd', ticks: Math.max(1, Math.min(10, ...errorRows.map((row) => row.count))) },
    y: { label: null, domain: errorRows.map((row) => row.message) },
    marginRight: 40,
    marks: [
      Plot.barX(errorRows, { y: 'message', x: 'count', fill: COLOURS.zero, insetTop: 2, insetBottom: 2 }),
      Plot.text(errorRows, { y: 'message', x: 'count', text: (d: { count: number }) => String(d.count), dx: 6, textAnchor: 'start', fill: 'currentColor' }),
      Plot.ruleX([0]),
    ],
  }));

  return { searches, listings, funnel, errors };
}
