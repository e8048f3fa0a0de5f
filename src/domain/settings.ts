import * as v from 'valibot';
import { MAX_STAYS_PER_BOOKING } from './checkout/checkout';
import type { Special } from './pricing/types';

/**
 * The site configuration a site owner edits (`config/site.json`), validated at start.
 * Everything of spec §3 "Site settings read", "Search configuration", "Flag options",
 * insurance texts and the order settings lives here and reaches the browser as the
 * page's settings object.
 */

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1));
const path = v.pipe(v.string(), v.regex(/^\/[^\s]*$/, 'must be a site path starting with /'));
/** A tile URL template: a site path, or http(s) with an optional `{s}.` subdomain placeholder. */
const TILE_URL = /^(?:https?:\/\/(?:\{s\}\.)?[a-z0-9.-]+(?::\d{1,5})?\/|\/(?![/\\]))[^\s"'<>\\]*$/i;

/** A GA4 measurement id, e.g. G-ABC123XYZ9. */
export const GA4_ID = /^G-[A-Z0-9]{4,20}$/;

export const FlagOptionsSchema = v.strictObject({
  text: v.strictObject({ flag: nonEmpty, unflag: nonEmpty }),
  classes: v.strictObject({ flag: v.string(), unflag: v.string() }),
  namespace: nonEmpty,
  store: v.picklist(['cookie']),
  key: nonEmpty,
  path,
  skip_solr: v.boolean(),
  skip_solr_prefix: v.string(),
});
export type FlagOptions = v.InferOutput<typeof FlagOptionsSchema>;

const FacetSchema = v.strictObject({
  settings: v.strictObject({
    settings: v.strictObject({
      widget: nonEmpty,
      riot_solr: v.strictObject({ facet_label: nonEmpty }),
      exclude: v.string(),
      active_sorts: v.array(v.string()),
    }),
  }),
  settings_global: v.strictObject({
    settings: v.strictObject({
      riotjs_label: v.string(),
      operator: v.picklist(['and', 'or']),
      hard_limit: v.pipe(v.number(), v.integer()),
      facet_missing: v.boolean(),
      limit_active_items: v.boolean(),
      facet_mincount: v.pipe(v.number(), v.integer(), v.minValue(0)),
    }),
  }),
  data: v.strictObject({ field: nonEmpty }),
});

export const SearchConfigSchema = v.strictObject({
  url: path,
  index: nonEmpty,
  bundles: v.array(v.string()),
  entity_type: nonEmpty,
  doc_cache: v.pipe(v.number(), v.integer(), v.minValue(0)),
  exposed_params: v.array(nonEmpty),
  hash: v.pipe(v.string(), v.regex(/^[a-z0-9]{4,16}$/, 'must be 4 to 16 lower-case letters or digits')),
  max_rows: v.pipe(v.number(), v.integer()),
  numvisible: v.pipe(v.number(), v.integer(), v.minValue(1)),
  default_q: v.string(),
  default_boost: v.string(),
  params: v.record(v.string(), v.string()),
  return_full_docs: v.boolean(),
  facets: v.record(v.string(), FacetSchema),
  fields: v.array(v.strictObject({ solr_field: nonEmpty, name: nonEmpty })),
});

const DeclineSchema = v.strictObject({ message: nonEmpty, declineBtn: nonEmpty, acceptBtn: nonEmpty });

export const SiteSettingsSchema = v.strictObject({
  site: v.strictObject({
    name: nonEmpty,
    slogan: v.string(),
    phone: nonEmpty,
    email: v.pipe(v.string(), v.email()),
    /**
     * The site's country (ISO 3166 alpha-2): a guest's phone number without a country code that is
     * not a number of the guest's own country is read as one of this country's.
     */
    country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')), 'US'),
    /** Spec §1: set the has_js=1 cookie on page load. */
    has_js_cookie: v.boolean(),
    /**
     * Leaflet tile URL template (`https://{s}.tile.example.org/{z}/{x}/{y}.png` or a site path);
     * empty uses the built-in demo tiles at DEMO_TILE_URL. See mapTileLayer.
     */
    map_tile_url: v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.regex(TILE_URL, 'must be empty, a site path or an http(s) URL'),
        v.check((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must contain {z}, {x} and {y}'),
      ),
    ]),
    /** Attribution shown on maps for a custom map_tile_url (HTML is not allowed; plain text). */
    map_tile_attribution: v.optional(v.string()),
  }),
  vrfusion_site: v.strictObject({ host: nonEmpty }),
  bt_leads_recaptcha: v.strictObject({ should_load: v.boolean() }),
  bt_virtual_tours: v.strictObject({
    /** Element ids of the virtual-tour sliders: the listing page's tour slider takes the first; none shows tours as links. */
    ids: v.array(v.pipe(v.string(), v.regex(/^[A-Za-z][\w-]*$/, 'must be an element id: a letter, then letters, digits, - or _'))),
    /**
     * Origins (https://host[:port]) whose tours and videos may be shown in a frame; the page's CSP
     * frame-src lists exactly these beside 'self'. A tour elsewhere is offered as a link.
     */
    embed_origins: v.optional(v.array(v.pipe(v.string(), v.regex(/^https:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i, 'must be an https origin such as https://tours.example.com')))),
    options: v.strictObject({
      'bt.responsiveRS': v.boolean(),
      'bt.max_height': v.pipe(v.number(), v.minValue(0)),
      'bt.breakpoint': v.pipe(v.number(), v.minValue(0)),
      'bt.breakpointCenterArea': v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
      'visibleNearby.centerArea': v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
      slidesSpacing: v.pipe(v.number(), v.minValue(0)),
      autoScaleSliderWidth: v.pipe(v.number(), v.minValue(1)),
      autoScaleSliderHeight: v.pipe(v.number(), v.minValue(1)),
    }),
  }),
  vrw: v.strictObject({ rs_aspect: v.pipe(v.number(), v.minValue(0.1), v.maxValue(10)) }),
  flag: FlagOptionsSchema,
  search: SearchConfigSchema,
  order: v.strictObject({
    mode: v.picklist(['local', 'session']),
    currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')),
    search_accom_path: path,
    share_url: path,
    url_shortener_token: v.string(),
    trigger_order: v.boolean(),
    call_to_book: v.string(),
    /** The order widget's optional label beside the bag icon (spec §2); empty shows none. */
    widget_label: v.string(),
    /** The annotation under the order detail's subtotal (spec §2). */
    subtotal_annotation: v.string(),
    /** The share form's optional texts (spec §2 Share order). */
    share: v.strictObject({ heading: v.string(), subheading: v.string(), description: v.string() }),
    /** The Bitly-compatible shorten endpoint used when url_shortener_token is set (spec §7). */
    url_shortener_url: v.pipe(v.string(), v.regex(/^(https?:\/\/[^\s"'<>]+)?$/, 'must be empty or an http(s) URL')),
    /** The checkout's submit buttons: their 'sps' text (pay now: cc, ach), 'later' text, and the copy shown with 'sps' (spec §4 Payment option). */
    submit: v.strictObject({ sps: nonEmpty, later: nonEmpty, copy: nonEmpty }),
    /**
     * Pay later is a hold that lapses: the nights are held for `hold_minutes` until the guest
     * confirms from the email ('guest') or the owner accepts the request ('owner', request to book).
     * Open holds are capped per email address and per client address, and the emails pay-later
     * checkouts send to one address per day (docs/configuration.md, docs/checkout.md).
     */
    pay_later: v.optional(
      v.strictObject({
        confirm: v.optional(v.picklist(['guest', 'owner']), 'guest'),
        hold_minutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(7 * 24 * 60)), 30),
        max_holds_per_email: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 2),
        max_holds_per_client: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 3),
        max_emails_per_day: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 3),
        /** Stays held at once by one email address or one client: one full Trips Collection. */
        max_held_stays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), MAX_STAYS_PER_BOOKING),
      }),
      {},
    ),
  }),
  insurance: v.strictObject({
    states: v.record(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), nonEmpty),
    texts: v.strictObject({
      select_prompt: nonEmpty,
      not_listed: nonEmpty,
      prompt: nonEmpty,
      button: nonEmpty,
      title: nonEmpty,
    }),
    decline: v.strictObject({ ti: DeclineSchema, dp: DeclineSchema }),
  }),
  ranking: v.strictObject({ host: v.string(), segment: nonEmpty, cid: nonEmpty }),
  /** Availability pricing (spec §2 Availability pricing display, §7, §9 Money and dates). */
  pricing: v.strictObject({
    /** How several prices of one item are reduced (spec §7): all (default), first, low, low_day. */
    reduction: v.picklist(['all', 'first', 'low', 'low_day']),
    /** Decimals of the pricing widgets (spec §9: defaults to 0); line items always use 2. */
    precision: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2)),
    /** 8 shows amounts per night with '/nt' (spec §9); 0 shows the stay's total. */
    display_type: v.pipe(v.number(), v.integer(), v.minValue(0)),
    /** The savings line reads '{annotation} {amount}!' (spec §2). */
    savings_annotation: nonEmpty,
    /** Shown by the Alternates display when there are no featured offer groups; {date} is the search date. */
    not_available_text: nonEmpty,
    /** Which offer buttons the Detail display shows. */
    buttons: v.strictObject({ book: v.boolean(), add: v.boolean(), quote: v.boolean() }),
    /** The buy_text added to quote requests (spec §3 qp). */
    quote_buy_text: nonEmpty,
    /** Alternate arrivals offered when the asked-for dates are taken: this many days either side. */
    alternate_window_days: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60)),
    /** The widest flexible-arrival window a search may ask for (rcav.flex), in days. */
    max_flex_days: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60)),
    /**
     * Coupon codes the pricing engine accepts in rcav.coupon (case-insensitive): a percentage off
     * the rent. Server only: they are left out of the settings sent to the browser.
     */
    coupons: v.optional(
      v.array(
        v.strictObject({
          code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, - or _')),
          percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
          description: v.optional(v.string()),
        }),
      ),
    ),
  }),
  menu: v.array(v.strictObject({ label: nonEmpty, path })),
  /**
   * The captcha provider (issue 14): set from CAPTCHA_PROVIDER and CAPTCHA_SITE_KEY, not the file.
   * Absent: the self-hosted ALTCHA captcha.
   */
  captcha: v.optional(v.strictObject({ provider: v.picklist(['altcha', 'recaptcha', 'turnstile']), site_key: v.string() })),
  /**
   * Google Analytics 4 (issue 16): set from the GA4_MEASUREMENT_ID environment setting, not the
   * file. Empty or absent: nothing goes to Google and no consent banner is shown.
   */
  analytics: v.optional(v.strictObject({ ga4_measurement_id: v.union([v.literal(''), v.pipe(v.string(), v.regex(GA4_ID, 'must look like G-XXXXXXX'))]) })),
});
export type SiteSettings = v.InferOutput<typeof SiteSettingsSchema>;

/** A status message from the server, shown in a modal on page load (spec §2 Global page areas). */
export interface StatusMessage {
  type: 'status' | 'warning' | 'error';
  text: string;
}

/** The page's settings object: the site settings plus what the server knows of this request. */
export interface PageSettings {
  settings: SiteSettings;
  messages: StatusMessage[];
  /** Favourites read from the request's cookie, validated, so the server renders the right labels. */
  flagged: string[];
  /**
   * A digest of the server's content version: documents kept in the browser from a page of another
   * version are dropped ('' when the server could not tell, which matches nothing kept).
   */
  contentVersion: string;
  /** Specials (spec §3 Special), in the site's order: the first entry is used (see pricing/specials.ts). */
  specials: Special[];
}

/**
 * Validates a parsed configuration file. Throws an Error naming each bad setting by its path,
 * e.g. `search.max_rows: Invalid type: Expected number but received "ten"`.
 */
export function parseSiteSettings(input: unknown): SiteSettings {
  const result = v.safeParse(SiteSettingsSchema, input);
  if (result.success) return result.output;
  const lines = result.issues.map((issue) => {
    const where = v.getDotPath(issue) ?? '(root)';
    return `${where}: ${issue.message}`;
  });
  throw new Error(`Invalid site configuration:\n  ${lines.join('\n  ')}`);
}

export { DEMO_TILE_ATTRIBUTION, DEMO_TILE_URL, mapTileLayer } from './map-tiles';

/**
 * The CSP img-src source that lets the browser load the tiles of an http(s) template, or null
 * for a site path (covered by 'self'). `{s}.` subdomains become a wildcard.
 *
 * @example tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png') // 'https://*.tile.example.org'
 */
export function tileImageSource(template: string): string | null {
  const match = /^(https?):\/\/((?:\{s\}\.)?[a-z0-9.-]+(?::\d{1,5})?)\//i.exec(template);
  return match ? `${match[1]!.toLowerCase()}://${match[2]!.replace('{s}', '*').toLowerCase()}` : null;
}
