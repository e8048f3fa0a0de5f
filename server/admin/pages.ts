/**
 * The HTML of the site owner's pages (login and analytics dashboard), written on the server: no
 * script runs on them (their Content-Security-Policy allows none), forms are plain HTML forms, and
 * every chart has its figures in a table beside it. Not for search engines (noindex). The one
 * exception is the login while it asks for the captcha (many wrong passwords from everywhere):
 * then it runs the site's captcha module and nothing else (LOGIN_CAPTCHA_CSP).
 */
import { ERRORS_PER_DAY, TERMS_PER_DAY } from '../analytics/aggregates.ts';
import { escapeHtml } from '../html.ts';
import { captchaPageScripts } from '../captcha/attach-script.ts';
import type { CaptchaProviderName } from '../captcha/config.ts';
import { ASYNC_CAPTCHA_CLASS, CAPTCHA_FORM_ATTRIBUTE, CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';
import type { AnalyticsReport, DateRange } from './analytics-report.ts';
import type { DashboardCharts } from './charts.ts';
import { EXPORTS, type ExportName } from './exports.ts';
import { CAPPED_DAY_COLUMNS, ERROR_COLUMNS, formatNumber, formatPercent, FUNNEL_COLUMNS, htmlCell, LISTING_COLUMNS, SEARCHES_COLUMNS, ZERO_RESULT_COLUMNS, type Column } from './tables.ts';

export const ADMIN_PATH = '/admin/analytics';
export const LOGIN_PATH = `${ADMIN_PATH}/login`;
export const LOGOUT_PATH = `${ADMIN_PATH}/logout`;
/** Reviews waiting for moderation (review-pages.ts), behind the same login. */
export const REVIEWS_PATH = '/admin/reviews';

/** No script, no plugin, no framing; forms only to this site; the pages' own inline style. */
export const ADMIN_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
a{color:#155e75}
.bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;background:#164e63;color:#fff}
.bar p{margin:0;font-weight:600}
.bar button{background:#fff;color:#164e63;border:0}
.nav{display:flex;gap:1rem;margin-right:auto}
.nav a{color:#fff;font-weight:600}
main{max-width:64rem;margin:0 auto;padding:1rem}
h1{color:#155e75;margin:.5rem 0 1rem}
h2{color:#155e75;margin:0 0 .5rem}
section,.card{background:#fff;border-radius:12px;box-shadow:0 4px 16px rgb(15 23 42/8%);padding:1rem;margin:0 0 1.25rem}
.card{max-width:26rem;margin:3rem auto}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input{font:inherit;padding:.5rem .6rem;border:1px solid #64748b;border-radius:6px;min-height:44px}
button{font:inherit;font-weight:600;padding:.5rem 1rem;min-height:44px;border-radius:6px;border:0;background:#155e75;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.range{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end}
.range label{margin:0 0 .25rem}
.error{color:#991b1b;background:#fef2f2;border-left:4px solid #b91c1c;padding:.5rem .75rem;border-radius:4px}
.note{color:#475569;font-size:.9rem}
.figures{display:flex;flex-wrap:wrap;gap:.5rem 2rem;margin:.25rem 0 .75rem;padding:0;list-style:none}
.figures strong{font-size:1.4rem;display:block}
figure{margin:0 0 .75rem;overflow-x:auto}
figure svg{max-width:100%;height:auto}
figcaption{color:#475569;font-size:.9rem}
.table{overflow-x:auto;margin:0 0 .5rem}
table{border-collapse:collapse;width:100%;font-size:.95rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
td.text{overflow-wrap:anywhere}
summary{cursor:pointer;color:#155e75;font-weight:600;padding:.25rem 0}
.csv{display:inline-block;margin:.25rem 0}
`;

/**
 * The login page's policy while it asks for the captcha: the site's own scripts and the page's
 * nonced one, the widget's stylesheet and workers from this site, and a third-party provider's
 * origins when the site uses one.
 */
export function loginCaptchaCsp(nonce: string, origins: { scripts: readonly string[]; frames: readonly string[] } = { scripts: [], frames: [] }): string {
  const list = (items: readonly string[]) => items.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'${list(origins.scripts)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${list(origins.scripts)}`,
    `frame-src${origins.frames.length > 0 ? list(origins.frames) : " 'none'"}`,
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A site owner's page: the bar (site name, and `bar`: navigation and log-out) above `body`; `head` adds to its head. */
export function adminDocument(title: string, siteName: string, body: string, bar = '', head = ''): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style>${head}</head>` +
    `<body><header class="bar"><p>${escapeHtml(siteName)}: site owner</p>${bar}</header><main id="main">${body}</main></body></html>`
  );
}

/** The captcha the login asks for: the module that runs it, the page's script nonce and the provider. */
export interface LoginCaptcha {
  script: string;
  nonce: string;
  provider: CaptchaProviderName;
  siteKey: string;
}

export const LOGIN_FORM_ID = 'admin-login';

/** What the page runs while the login asks for the captcha: the site's captcha module on the form (src/bindings/captcha-attach.ts). */
const captchaHead = (captcha: LoginCaptcha): string =>
  // should_load: the login asks for the captcha whatever the lead forms do.
  captchaPageScripts({ ...captcha, shouldLoad: true, forms: `form#${LOGIN_FORM_ID}` });

/**
 * The login page; `error` is shown above the form and the field points to it. With `captcha`
 * the form carries the site's captcha, solved by itself when the form is sent (it needs
 * JavaScript; without it the page says so).
 */
export function loginPage(siteName: string, error: string | null = null, captcha: LoginCaptcha | null = null): string {
  const described = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const check = captcha
    ? `<p class="note" id="login-check">Many wrong passwords have been tried here lately, so this browser solves a short check when you log in. It runs by itself in a second or two.</p>` +
      `<div class="${ASYNC_CAPTCHA_CLASS}"></div><input type="hidden" name="${CAPTCHA_RESPONSE_FIELD}">` +
      '<noscript><p class="error">The check needs JavaScript: please allow it for this page, or log in from a browser you logged in with before.</p></noscript>'
    : '';
  return adminDocument(
    'Log in',
    siteName,
    '<div class="card"><h1>Analytics: log in</h1>' +
      (error ? `<p id="login-error" class="error" role="alert">${escapeHtml(error)}</p>` : '') +
      `<form id="${LOGIN_FORM_ID}" method="post" action="${LOGIN_PATH}"${captcha ? ` ${CAPTCHA_FORM_ATTRIBUTE}` : ''}>` +
      `<label for="admin-password">Password</label><input id="admin-password" name="password" type="password" autocomplete="current-password" required${described}>` +
      check +
      '<p><button type="submit">Log in</button></p></form></div>',
    '',
    captcha ? captchaHead(captcha) : '',
  );
}

const query = (range: DateRange) => `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

function table<T>(caption: string, columns: ReadonlyArray<Column<T>>, rows: readonly T[], empty: string): string {
  if (rows.length === 0) return `<p class="note">${escapeHtml(empty)}</p>`;
  const head = columns.map((column) => `<th scope="col"${column.numeric ? ' class="n"' : ''}>${escapeHtml(column.label)}</th>`).join('');
  const body = rows.map((row) => `<tr>${columns.map((column) => `<td class="${column.numeric ? 'n' : 'text'}">${htmlCell(column, row)}</td>`).join('')}</tr>`).join('');
  return `<div class="table"><table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function csvLink(name: ExportName, range: DateRange): string {
  return `<a class="csv" href="${ADMIN_PATH}/export/${name}.csv?${escapeHtml(query(range))}" download>Download ${escapeHtml(EXPORTS[name].title.toLowerCase())} as CSV</a>`;
}

function figure(id: string, chart: string, caption: string): string {
  return `<figure aria-labelledby="${id}-caption">${chart}<figcaption id="${id}-caption">${escapeHtml(caption)}</figcaption></figure>`;
}


export function rangeForm(range: { from: string; to: string }, error: string | null): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="range-error"' : '';
  return (
    `<form class="range" method="get" action="${ADMIN_PATH}" aria-label="Date range">` +
    `<div><label for="range-from">From</label><input id="range-from" name="from" type="date" value="${escapeHtml(range.from)}"${invalid}></div>` +
    `<div><label for="range-to">To</label><input id="range-to" name="to" type="date" value="${escapeHtml(range.to)}"${invalid}></div>` +
    '<div><button type="submit">Show</button></div></form>' +
    (error ? `<p id="range-error" class="error" role="alert">${escapeHtml(error)}</p>` : '') +
    '<p class="note">Days are counted in UTC, both ends included. Every figure is summed by the database from the daily counts of the collected events.</p>'
  );
}

/** The bar of a logged-in page: the owner's pages and the log-out button. */
export const logoutBar =
  `<nav aria-label="Site owner" class="nav"><a href="${ADMIN_PATH}">Analytics</a><a href="${REVIEWS_PATH}">Reviews</a><a href="/admin/bookings">Bookings</a><a href="/admin/calendars">Calendars</a><a href="/admin/listings">Listings</a></nav>` +
  `<form method="post" action="${LOGOUT_PATH}"><button type="submit">Log out</button></form>`;

/** The dashboard with a range the owner asked for that is not valid: the form and the message, no figures. */
export function badRangePage(siteName: string, asked: { from: string; to: string }, message: string): string {
  return adminDocument('Analytics', siteName, `<h1>Analytics</h1>${rangeForm(asked, message)}`, logoutBar);
}

export function dashboardPage(siteName: string, report: AnalyticsReport, charts: DashboardCharts): string {
  const { range, totals } = report;
  const searches =
    '<section aria-labelledby="searches-title"><h2 id="searches-title">Searches</h2>' +
    `<ul class="figures"><li><strong>${formatNumber(totals.searches)}</strong> searches</li><li><strong>${formatNumber(totals.zeroResults)}</strong> found nothing</li><li><strong>${formatPercent(totals.zeroResultRate)}</strong> zero-result rate</li></ul>` +
    figure('searches-chart', charts.searches, 'Searches and zero-result searches per day. The figures are in the table below.') +
    '<details><summary>Searches per day as a table</summary>' +
    table(
      'Searches per day',
      SEARCHES_COLUMNS,
      report.searchesPerDay,
      'No days in this range.',
    ) +
    '</details>' +
    csvLink('searches', range) +
    '<h3>Top zero-result searches</h3>' +
    table(
      'What visitors searched for and found nothing',
      ZERO_RESULT_COLUMNS,
      report.zeroResultTerms,
      'No search in this range found nothing.',
    ) +
    csvLink('zero-results', range) +
    '</section>';

  const listings =
    '<section aria-labelledby="listings-title"><h2 id="listings-title">Top listings</h2>' +
    figure('listings-chart', charts.listings, 'Impressions and clicks of the ten listings seen most. The figures are in the table below.') +
    table(
      'Listings by impressions',
      LISTING_COLUMNS,
      report.listings,
      'No listing was shown in this range.',
    ) +
    csvLink('listings', range) +
    '</section>';

  const funnel =
    '<section aria-labelledby="funnel-title"><h2 id="funnel-title">Add to cart → checkout → booking</h2>' +
    figure('funnel-chart', charts.funnel, 'How many adds to the Trips Collection, checkouts begun and stays booked. The figures are in the table below.') +
    table(
      'Funnel',
      FUNNEL_COLUMNS,
      report.funnel,
      'No steps.',
    ) +
    '<p class="note">Adds to cart and checkouts are the collected events; bookings are the stays of confirmed bookings made in the range.</p>' +
    csvLink('funnel', range) +
    '</section>';

  const errors =
    '<section aria-labelledby="errors-title"><h2 id="errors-title">Errors</h2>' +
    figure('errors-chart', charts.errors, 'Uncaught errors reported by visitors’ browsers, by message. The figures are in the table below.') +
    table(
      'Errors by message',
      ERROR_COLUMNS,
      report.errors,
      'No error was reported in this range.',
    ) +
    csvLink('errors', range) +
    '</section>';

  const capped = report.cappedDays;
  const caps =
    capped.length === 0
      ? ''
      : '<section aria-labelledby="caps-title"><h2 id="caps-title">Days beyond what is kept in detail</h2>' +
        `<p>On ${capped.length === 1 ? 'one day' : `${formatNumber(capped.length)} days`} of this range more arrived than the collector keeps in detail: a day keeps ` +
        `${formatNumber(TERMS_PER_DAY)} zero-result search terms and ${formatNumber(ERRORS_PER_DAY)} error messages (by page), and counts only the site’s own listings. ` +
        'Every event is still counted in the totals, the searches per day and the funnel; what the table gives was left out of the tables of terms, errors or listings below.</p>' +
        table(
          'What each day left out of the detail',
          CAPPED_DAY_COLUMNS,
          capped,
          '',
        ) +
        '</section>';

  return adminDocument(
    'Analytics',
    siteName,
    `<h1>Analytics</h1>${rangeForm(range, null)}<p class="note">${formatNumber(totals.events)} events from ${escapeHtml(range.from)} to ${escapeHtml(range.to)}.</p>${caps}${searches}${listings}${funnel}${errors}`,
    logoutBar,
  );
}
