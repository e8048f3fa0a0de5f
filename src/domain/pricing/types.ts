/**
 * The availability pricing contract between the pricing engine (server/pricing) and the
 * client (spec §3 Price / offer, Item pricing, Offer group, Availability search params, Special;
 * §7 Availability and Trips Collection). Amounts on the wire are currency units with at most
 * two decimals (p: 1234.5 is $1,234.50), as the order stores them; arithmetic is done in
 * integer cents (see money.ts).
 */

/** Dates on the wire are YYYY-MM-DD; MM/DD/YYYY is accepted on input (spec §9). */
export type IsoDate = string;

/**
 * rcav: the availability search and a price's query params (spec §3). `IDs` is the item and,
 * at index 2, a package: `[eid]` or `[eid, 0, packageEid]`.
 */
export interface Rcav {
  begin: IsoDate;
  /** Departure day; or give `nights`. The engine answers with both. */
  end?: IsoDate;
  nights?: number;
  adult: number;
  child: number;
  senior?: number;
  IDs?: number[];
  coupon?: string;
  /** Flexible begin: also price arrivals up to this many days after `begin` (0–28). */
  flex?: number;
}

/** A price's query params (qp): what add, quote and buy send back unchanged. */
export interface PriceQueryParams {
  rcav: Rcav;
  special_data?: { special_nid: number };
  senior?: number;
  /**
   * The offer group of a price whose rate the other fields do not name: 'nonrefundable'. Send it
   * back unchanged so add, quote and buy re-price the same rate. (Special offers are named by
   * special_data, packages by rcav.IDs[2].)
   */
  og?: string;
  /** Added for quotes (spec §7). */
  buy_text?: string;
}

/** One offer of an item (spec §3 Price / offer) as the engine sends it. */
export interface Price {
  eid: number;
  /** Price: the total of the stay, fees and taxes included. */
  p: number;
  /** Savings amount (specials, coupons), > 0 when there are savings. */
  s?: number;
  /** Currency code, USD by default. */
  c?: string;
  b: IsoDate;
  e: IsoDate;
  /** Name of the item. */
  n?: string;
  /** Display name and detail of the offer, e.g. 'Standard rate', '7 nights · 2 adults'. */
  dn?: string;
  dd?: string;
  /** The offer group this offer belongs to (OfferGroupInfo.id). */
  og?: string;
  show_in_modal?: boolean;
  show_in_addition?: boolean;
  qp: PriceQueryParams;
}

/** An offer group's description (spec §3 Offer group); its offers are the prices with og = id. */
export interface OfferGroupInfo {
  id: string;
  name: string;
  /** Who offers it, e.g. 'Coral Haven Coast Rentals'. */
  offerby: string;
  featured: boolean;
}

/** One item of the GET /rcapi/item/avail/search answer. */
export interface AvailItem {
  eid: number;
  prices: Price[];
  groups?: OfferGroupInfo[];
}

/** The answer of GET /rcapi/item/avail/search: an array of items (spec §7). */
export type AvailSearchResponse = AvailItem[];

/** Availability search params (spec §3): rcav, plus anything else the page adds. */
export interface AvailSearchParams {
  rcav: Rcav;
}

/** The first special of the site settings (spec §3 Special; times in Unix seconds). */
export interface Special {
  nid: number;
  units: string[];
  special_type: string;
  stay_begin: number;
  stay_end: number;
  book_begin: number;
  book_end: number;
  max_guests: number;
  min_guests: number;
  max_nights: number;
  min_nights: number;
}
