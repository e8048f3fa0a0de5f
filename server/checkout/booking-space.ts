/**
 * The space of bookings guests make (issue 22: a guest who should be able to book is never
 * refused), for the property test (booking-space.test.ts, sized for `npm test`) and its full run
 * (bench/booking-space.ts): every arrival day of the next two years, every length the listing
 * allows, and guests with names, addresses and phone numbers from many countries and scripts —
 * booked as the site books them: the offer comes from GET /rcapi/item/avail/search, goes into a
 * Trips Collection as the browser adds it (addLineItem: `bt`, `et`, `wk`… as the browser keeps
 * them), and is posted to POST /rescms/order/checkout with the checkout form's fields.
 *
 * The world is the demo's own: its rentals, seasons (with their minimum stays), rates, fees,
 * specials and provinces, generated on the real day for as far ahead as the stays go, with an
 * empty calendar, so that each stay is free and every refusal is the checkout's fault.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { getExampleNumber, type CountryCode } from 'libphonenumber-js/min';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { COUNTRY_CODES } from '../../src/domain/country-codes.ts';
import { addLineItem, emptyOrder, type Order } from '../../src/domain/order/order.ts';
import { derivePrice } from '../../src/domain/pricing/derived.ts';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import type { AvailItem, Price } from '../../src/domain/pricing/types.ts';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { AREAS, FEES } from '../demo/catalog.ts';
import { addDays } from '../demo/dates.ts';
import { DEFAULT_SEED, demoUnits, generateDemoCalendar } from '../demo/generate.ts';
import { CA_PROVINCES, US_STATES } from '../demo/provinces.ts';
import { createMailQueue, type MailQueue } from '../mail/mail-queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { createOrderStore } from '../orders/order-store.ts';
import { orderPricing } from '../orders/pricing-adapter.ts';
import { stayProblem } from '../pricing/engine.ts';
import { dayOf, isoOfDay } from '../pricing/model.ts';
import { createPricingService, type PricingService } from '../pricing/pricing-service.ts';
import type { PageRenderer } from '../renderer.ts';
import { openTestDatabase } from '../test-support.ts';
import { createCheckoutService, type CheckoutService } from './checkout-service.ts';
import type { CaptchaVerifier } from '../captcha/verifier.ts';
import type { PayLaterSettings } from './holds.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import { createTestPaymentProvider, TEST_TOKENS } from './payment.ts';

/** Arrival days: today and every day of the next two years. */
export const ARRIVAL_DAYS = 730;
/** Stay lengths tried on each day: 1 night to five weeks (the seasons' minimum stays are 2–7). */
export const MAX_LENGTH = 35;

/** The checkout form's guest fields, as the page sends them. */
export interface GuestDetails {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  state: string;
  notes: string;
}

/**
 * Guests as people of these countries write their details: names in their scripts, addresses and
 * postal codes in the local form, and phone numbers with and without + and spaces.
 */
export const REAL_GUESTS: readonly GuestDetails[] = [
  { first_name: '伟', last_name: '张', email: 'zhang.wei@example.cn', phone: '+86 138 0013 8002', address: '朝阳区建国路88号 SOHO现代城 5号楼 1201', city: '北京', postal_code: '100022', country: 'CN', state: '', notes: '我们大约晚上八点到达。' },
  { first_name: 'Xiu Ying', last_name: 'Wang', email: 'wxy@example.com', phone: '13800138002', address: '浦东新区世纪大道100号', city: '上海', postal_code: '200120', country: 'CN', state: '', notes: '' },
  { first_name: 'प्रिया', last_name: 'शर्मा', email: 'priya.sharma@example.in', phone: '+91 98765 43210', address: 'फ्लैट 12, एमजी रोड', city: 'बेंगलुरु', postal_code: '560001', country: 'IN', state: '', notes: 'Arriving by train, around 6 pm.' },
  { first_name: 'Arjun', last_name: 'Venkataraman', email: 'arjun@example.in', phone: '09876543210', address: '14/2, 3rd Cross, Indiranagar', city: 'Bengaluru', postal_code: '560 038', country: 'IN', state: '', notes: '' },
  { first_name: 'João', last_name: 'da Silva Conceição', email: 'joao.silva@example.com.br', phone: '+55 11 91234-5678', address: 'Av. Paulista, 1578 - Bela Vista, apto. 42', city: 'São Paulo', postal_code: '01310-200', country: 'BR', state: '', notes: 'Chegamos às 15h.' },
  { first_name: 'Maria', last_name: 'Conceição', email: 'maria@example.com.br', phone: '(21) 2555-1234', address: 'Rua Visconde de Pirajá, 330', city: 'Rio de Janeiro', postal_code: '22410002', country: 'BR', state: '', notes: '' },
  { first_name: 'Jürgen', last_name: 'Müller-Lüdenscheidt', email: 'j.mueller@example.de', phone: '+49 1512 3456789', address: 'Friedrichstraße 43-45, Hinterhaus', city: 'Berlin', postal_code: '10117', country: 'DE', state: '', notes: 'Wir kommen gegen 18 Uhr an.' },
  { first_name: 'Anke', last_name: 'Weiß', email: 'anke@example.de', phone: '030 12345678', address: 'Königsallee 1', city: 'Düsseldorf', postal_code: '40212', country: 'DE', state: '', notes: '' },
  { first_name: "Siobhán", last_name: "O'Brien-Smythe", email: 'siobhan@example.co.uk', phone: '+44 7700 900123', address: 'Flat 3, 10 Downing Street', city: 'London', postal_code: 'SW1A 2AA', country: 'GB', state: '', notes: 'Late check-in please.' },
  { first_name: 'Gareth', last_name: 'Llewellyn', email: 'gareth@example.co.uk', phone: '07700900123', address: '1 Castle Street', city: 'Cardiff', postal_code: 'CF10 1BS', country: 'GB', state: '', notes: '' },
  { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+1 (415) 555-0142', address: '1600 Amphitheatre Pkwy, Apt 4B', city: 'Mountain View', postal_code: '94043-1351', country: 'US', state: 'CA', notes: 'Arriving after 9 pm.' },
  { first_name: 'José', last_name: 'Núñez', email: 'jose.nunez@example.com', phone: '415.555.0142', address: '500 Brickell Ave #2801', city: 'Miami', postal_code: '33131', country: 'US', state: 'FL', notes: '' },
  { first_name: '太郎', last_name: '山田', email: 'taro.yamada@example.jp', phone: '+81 90-1234-5678', address: '千代田区千代田1-1', city: '東京都', postal_code: '100-0001', country: 'JP', state: '', notes: '到着は夕方になります。' },
  { first_name: 'Hanako', last_name: 'Suzuki', email: 'hanako@example.jp', phone: '09012345678', address: '中央区銀座4-6-16', city: 'Tokyo', postal_code: '1040061', country: 'JP', state: '', notes: '' },
  { first_name: 'Мария', last_name: 'Иванова', email: 'maria@example.ru', phone: '+7 912 345-67-89', address: 'ул. Тверская, д. 7, кв. 15', city: 'Москва', postal_code: '125009', country: 'RU', state: '', notes: '' },
  { first_name: 'محمد', last_name: 'العلي', email: 'm.alali@example.ae', phone: '+971 50 123 4567', address: 'شارع الشيخ زايد، برج 5', city: 'دبي', postal_code: '00000', country: 'AE', state: '', notes: '' },
  { first_name: 'דנה', last_name: 'כהן', email: 'dana@example.co.il', phone: '+972-52-123-4567', address: 'רחוב הרצל 10', city: 'תל אביב', postal_code: '6100000', country: 'IL', state: '', notes: '' },
  { first_name: '민준', last_name: '김', email: 'minjun@example.kr', phone: '010-1234-5678', address: '강남구 테헤란로 152', city: '서울', postal_code: '06236', country: 'KR', state: '', notes: '' },
  { first_name: 'Nguyễn Thị', last_name: 'Minh Khai', email: 'khai@example.vn', phone: '+84 91 234 56 78', address: '12 Lý Thái Tổ, Hoàn Kiếm', city: 'Hà Nội', postal_code: '100000', country: 'VN', state: '', notes: '' },
  { first_name: 'สมชาย', last_name: 'ใจดี', email: 'somchai@example.co.th', phone: '081 234 5678', address: '99/1 ถนนสุขุมวิท', city: 'กรุงเทพมหานคร', postal_code: '10110', country: 'TH', state: '', notes: '' },
  { first_name: 'Ελένη', last_name: 'Παπαδοπούλου', email: 'eleni@example.gr', phone: '+30 691 234 5678', address: 'Οδός Ερμού 25', city: 'Αθήνα', postal_code: '105 63', country: 'GR', state: '', notes: '' },
  { first_name: 'Émilie', last_name: "D'Aubigné", email: 'emilie@example.fr', phone: '06 12 34 56 78', address: '12 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR', state: '', notes: '' },
  { first_name: 'Chloé', last_name: 'Tremblay', email: 'chloe@example.ca', phone: '+1 514-555-0199', address: '1000 rue De La Gauchetière O., bureau 2400', city: 'Montréal', postal_code: 'H3B 4W5', country: 'CA', state: 'QC', notes: '' },
  { first_name: 'Kwame', last_name: 'Mensah', email: 'kwame@example.com.gh', phone: '+233 24 123 4567', address: 'House No. 5, Ring Road East', city: 'Accra', postal_code: 'GA-123-4567', country: 'GH', state: '', notes: '' },
];

/** Letters of the scripts guests write their names and places in. */
const SCRIPTS: readonly string[] = [
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßœšžłńśźżčřůőűğışÀÉÎÑÖØÜÇŁŚŻ',
  'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯіїєґ',
  'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ',
  'ابتثجحخدذرزسشصضطظعغفقكلمنهوي',
  'אבגדהוזחטיכלמנסעפצקרשת',
  'अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह',
  '张王李赵刘陈杨黄周吴徐孙马朱胡郭何高林罗郑梁谢宋唐伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英',
  'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん',
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン',
  '가나다라마바사아자차카타파하김이박최정강조윤장임민준서연지우',
  'กขคงจฉชซญดตถทธนบปผพฟภมยรลวศษสหอฮะาิีึืุูเแโใไ',
  'აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ',
  'աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ',
];

const SEPARATORS = [' ', '-', "'", '’'];
const SPACELESS = new Set([7, 8, 9, 10, 11]);

/** A name of one to three words in one script (words of scripts written without spaces run together). */
export const nameArbitrary: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 0, max: SCRIPTS.length - 1 }), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }), fc.constantFrom(...SEPARATORS), fc.infiniteStream(fc.nat()))
  .map(([script, words, separator, picks]) => {
    const letters = [...(SCRIPTS[script] as string)];
    const iterator = picks[Symbol.iterator]();
    const word = (length: number) => Array.from({ length }, () => letters[(iterator.next().value as number) % letters.length]).join('');
    return words.map(word).join(SPACELESS.has(script) ? '' : separator);
  });

/** Street addresses: a number, a name in any script, optional flat and building parts with their punctuation. */
const addressArbitrary: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(fc.integer({ min: 1, max: 9999 }).map(String), fc.constantFrom('12A', '14/2', '43-45', '№ 7', '221B', '1-1-1')), nameArbitrary, fc.constantFrom('', ', Apt 4B', ' #2801', ', Flat 3', ', 3rd floor', ' 5号楼 1201', ', кв. 15', ' bis'))
  .map(([number, street, extra]) => `${number} ${street}${extra}`.slice(0, 200));

const postalArbitrary: fc.Arbitrary<string> = fc.constantFrom('100022', '560 038', '01310-200', '10117', 'SW1A 2AA', '94043-1351', '100-0001', 'H3B 4W5', '105 63', '06236', 'D02 X285', '1010', '00100', '75002', 'GA-123-4567', '6100000');

/** Phone numbers as written in each country: with +, with 00, national with a trunk 0, spaces, dashes, dots or brackets. */
const PHONES: Record<string, readonly string[]> = {
  CN: ['+86 138 0013 8002', '+8613800138002', '138 0013 8002', '13800138002', '010 6552 9988', '0086 138 0013 8002'],
  IN: ['+91 98765 43210', '+919876543210', '098765 43210', '9876543210', '022 2282 1234'],
  BR: ['+55 11 91234-5678', '+5511912345678', '(11) 91234-5678', '11912345678', '(21) 2555-1234'],
  DE: ['+49 1512 3456789', '+4915123456789', '01512 3456789', '030 12345678', '+49 (0)30 12345678', '089/1234567'],
  GB: ['+44 7700 900123', '+447700900123', '07700 900123', '020 7946 0958', '(020) 7946 0958'],
  US: ['+1 415 555 0142', '+14155550142', '(415) 555-0142', '415.555.0142', '4155550142', '1-415-555-0142', '415-555-0142 ext. 12'],
  JP: ['+81 90-1234-5678', '+819012345678', '090-1234-5678', '09012345678', '03-1234-5678'],
};

/** A guest from a country of PHONES (a phone of theirs) or any other country (a number with its country code). */
export const guestArbitrary: fc.Arbitrary<GuestDetails> = fc
  .record({
    first_name: nameArbitrary.map((name) => name.slice(0, 60)),
    last_name: nameArbitrary.map((name) => name.slice(0, 60)),
    local: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9._-]{0,20}[a-z0-9]$/), nameArbitrary.filter((name) => !/[\s'’]/.test(name)).map((name) => name.slice(0, 30))),
    domain: fc.constantFrom('example.com', 'example.co.uk', 'mail.example.cn', 'example.com.br', 'example.de', 'example.jp', 'xn--fiqs8s.example', '例子.广告', 'müller.example.de'),
    address: addressArbitrary,
    city: nameArbitrary.map((name) => name.slice(0, 100)),
    postal_code: postalArbitrary,
    country: fc.oneof(fc.constantFrom(...Object.keys(PHONES)), fc.constantFrom(...COUNTRY_CODES)),
    phoneIndex: fc.nat(),
    notes: fc.oneof(fc.constant(''), fc.lorem({ maxCount: 12 }), nameArbitrary),
  })
  .map(({ local, domain, phoneIndex, country, ...rest }) => {
    const own = PHONES[country];
    // Elsewhere: the country's own mobile number (libphonenumber-js's example), written either way.
    const example = own ? null : getExampleNumber(country as CountryCode, mobileExamples);
    const phone = own ? (own[phoneIndex % own.length] as string) : example ? (phoneIndex % 2 === 0 ? example.formatInternational() : example.formatNational()) : '+44 7700 900123';
    const state = country === 'US' ? (US_STATES[phoneIndex % US_STATES.length] as readonly [string, string])[0] : country === 'CA' ? (CA_PROVINCES[phoneIndex % CA_PROVINCES.length] as readonly [string, string])[0] : '';
    return { ...rest, email: `${local}@${domain}`, phone, country, state };
  });

/** One stay to book: a rental, an arrival day and a length. */
export interface StayToBook {
  eid: number;
  begin: string;
  nights: number;
}

export interface BookingWorld {
  app: FastifyInstance;
  database: OpenDatabase;
  pricing: PricingService;
  /** The world's day (the engine's clock), YYYY-MM-DD. */
  today: string;
  /** The rentals, one per stay length (length n is booked on units[n % units.length]). */
  units: readonly { eid: number; name: string; sleeps: number }[];
  /** What the engine says of a stay, on current data as a quote sees it: null when it can be booked, else why not ('min-stay', …). */
  problemOf(stay: StayToBook): Promise<string | null>;
  /** Books a stay as a guest: searches it, adds the offer `offerIndex` (of those the engine gives) and checks out. */
  book(stay: StayToBook, guest: GuestDetails, choices: BookingChoices): Promise<{ response: LightMyRequestResponse; offer: Price }>;
  checkout: CheckoutService;
  mail: MailQueue;
  settings: SiteSettings;
  /** A Trips Collection of these stays, each added as the browser adds the engine's offer. */
  orderOf(stays: readonly StayToBook[], adult?: number): Promise<Order>;
  /** Frees every night booked so far (the next batch of stays finds them free). */
  clearBookings(): Promise<void>;
  /** Sets every season's and rate plan's minimum stay (the demo's are 2–7 nights; 1 offers every length). */
  setMinimumStay(nights: number): Promise<void>;
  close(): Promise<void>;
}

/** The other answers of the checkout form: which offer, how many guests, protection and payment. */
export interface BookingChoices {
  offerIndex: number;
  adult: number;
  child: number;
  ti: 1 | -1;
  dp: 1 | -1;
  payment: 'later' | 'cc' | 'ach';
}

/** The booking space shows no page (and so runs outside Vite, in the benchmark). */
const NO_PAGES: PageRenderer = {
  render: () => Promise.reject(new Error('The booking space renders no pages')),
  assets: () => ({ scripts: [], styles: [] }),
  close: async () => {},
};

export const OWN_CALL = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/**
 * Opens the world: a fresh database with the demo's first `MAX_LENGTH` rentals (so each length has
 * its own) and their seasons and rates for `months` months from `now`, and the server's routes.
 */
export async function openBookingWorld({
  now = new Date(),
  months = 27,
  clock,
  captcha,
  payLater,
  ownerPassword,
}: {
  now?: Date;
  months?: number;
  /** A clock that tests move (holds lapse on it); `now` by default. */
  clock?: () => Date;
  captcha?: CaptchaVerifier;
  /** Pay later's settings; without them its caps are lifted (see below). */
  payLater?: Partial<PayLaterSettings>;
  /** The owner's pages (/admin/bookings: Accept and Cancel) with this password. */
  ownerPassword?: string;
} = {}): Promise<BookingWorld> {
  const loaded = loadSiteSettings(path.resolve('config/site.json'));
  // Pay later's caps per email and client are tested on their own (holds.test.ts): here thousands
  // of guests book from one test client, and any refusal would be the checkout's fault.
  const unlimited = Number.MAX_SAFE_INTEGER;
  const lifted = { max_holds_per_email: unlimited, max_holds_per_client: unlimited, max_emails_per_day: unlimited, max_held_stays: unlimited };
  const settings = { ...loaded, order: { ...loaded.order, pay_later: { ...loaded.order.pay_later, ...(payLater ?? lifted) } } };
  const time = clock ?? (() => now);
  const today = now.toISOString().slice(0, 10);
  const units = demoUnits(DEFAULT_SEED);
  const eids = units.drafts.slice(0, MAX_LENGTH + 1).map((d) => d.row.eid);
  const calendar = generateDemoCalendar(units, today, eids, { months });
  const database = await openTestDatabase();
  const { db } = database;
  await db.insert(schema.areas).values(AREAS.map((a, i) => ({ id: a.id, slug: a.slug, name: a.name, description: a.description, latitude: a.latitude, longitude: a.longitude, position: i })));
  await db.insert(schema.units).values(calendar.units);
  await db.insert(schema.seasons).values(calendar.seasons);
  await db.insert(schema.unitRates).values(calendar.unitRates);
  await db.insert(schema.fees).values(FEES.map((fee, position) => ({ ...fee, position })));
  if (calendar.specials.length > 0) await db.insert(schema.specials).values(calendar.specials);
  await db.insert(schema.provinces).values([
    ...US_STATES.map(([code, name]) => ({ countryCode: 'US', code, name })),
    ...CA_PROVINCES.map(([code, name]) => ({ countryCode: 'CA', code, name })),
  ]);
  const pricing = createPricingService({ db, settings, now: time });
  const store = createOrderStore(db, { secret: 'booking-space-secret' });
  const outbox = path.join(os.tmpdir(), `booking-space-${crypto.randomBytes(4).toString('hex')}`);
  const mail: MailQueue = createMailQueue({ db, transport: createMailTransport({ outboxDir: outbox }), from: { name: settings.site.name, address: settings.site.email } });
  const checkout = createCheckoutService({
    db,
    settings,
    pricing: orderPricing(pricing),
    markBooked: (stays) => pricing.markBooked(stays),
    store,
    payments: createTestPaymentProvider(),
    mail,
    publicOrigin: 'https://www.coralhaven.example',
    secret: 'booking-space-secret',
    // The engine's clock: a hold lapses on the clock that says which nights are free.
    now: time,
    ...(captcha ? { captcha } : {}),
    holdsChanged: () => pricing.invalidate(),
  });
  const app = await buildServer({
    settings,
    content: createContentService(db, settings, { now: () => now, pricing, checkout }),
    renderer: NO_PAGES,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'booking-space-cookie-secret',
    pricing,
    orders: { store, pricing: orderPricing(pricing) },
    checkout,
    // One client books thousands of times; the checkout's rate limit is tested with the others (server/security).
    security: { rateLimitExempt: ['127.0.0.1'] },
    ...(ownerPassword
      ? { admin: { password: ownerPassword, db, now: time, owner: { db, mail, changed: () => pricing.invalidate(), publicOrigin: 'https://www.coralhaven.example', sitePhone: settings.site.phone } } }
      : {}),
  });
  const unitList = calendar.units.map((u) => ({ eid: u.eid, name: u.name, sleeps: u.sleeps }));

  const orderOf = async (stays: readonly StayToBook[], adult = 2): Promise<Order> => {
    let order = emptyOrder();
    for (const { eid, begin, nights } of stays) {
      const rcav = { begin, end: addDays(begin, nights), adult, child: 0, IDs: [eid] };
      const search = await app.inject({ url: `/rcapi/item/avail/search?${toQueryString({ rcav })}` });
      const offer = (search.json() as AvailItem[]).flatMap((item) => item.prices).find((p) => p.b === begin && p.e === rcav.end);
      if (!offer) throw new Error(`The engine offers no stay of ${eid} ${begin} +${nights}: ${search.body.slice(0, 300)}`);
      order = addLineItem(order, derivePrice(offer, begin)).order;
    }
    return order;
  };

  return {
    app,
    database,
    pricing,
    checkout,
    mail,
    settings,
    orderOf,
    today,
    units: unitList,
    async problemOf({ eid, begin, nights }) {
      // Read as a quote reads it (fresh): a hold whose time just passed is free at once, where a search may show it taken a moment longer.
      const data = await pricing.data({ fresh: true });
      const unit = data.units.get(eid);
      if (!unit) return 'unknown unit';
      return stayProblem(data, unit, dayOf(begin) as number, nights, 1, dayOf(today) as number);
    },
    async book({ eid, begin, nights }, guest, choices) {
      const rcav = { begin, end: addDays(begin, nights), adult: choices.adult, child: choices.child, IDs: [eid] };
      const search = await app.inject({ url: `/rcapi/item/avail/search?${toQueryString({ rcav })}` });
      if (search.statusCode !== 200) throw new Error(`The search of ${eid} ${begin} +${nights} answered ${search.statusCode}: ${search.body}`);
      const offers = (search.json() as AvailItem[]).flatMap((item) => item.prices).filter((p) => p.b === begin && p.e === rcav.end);
      const offer = offers[choices.offerIndex % Math.max(offers.length, 1)];
      if (!offer) throw new Error(`The engine offers no stay of ${eid} ${begin} +${nights} though it says it is free: ${search.body.slice(0, 300)}`);
      // The browser keeps an offer with its derived fields (itemPricing: bt, et, nt, wk, ppn…) and adds that.
      const order = addLineItem(emptyOrder(), derivePrice(offer, begin)).order;
      const key = `space-${crypto.randomBytes(12).toString('hex')}`;
      // The insurance state (spec §5): the guest's own where insurance knows it, else 'none'.
      const insuranceState = guest.country === 'US' && guest.state in settings.insurance.states ? guest.state : 'none';
      const body = {
        ...guest,
        terms: '1',
        province: insuranceState,
        'ti[ind-0]': String(choices.ti),
        'dp[ind-0]': String(choices.dp),
        'payment[payment_option]': choices.payment,
        ...(choices.payment === 'later' ? {} : { 'payment[token]': TEST_TOKENS.success }),
        order,
        idempotency_key: key,
      };
      const response = await app.inject({ method: 'POST', url: '/rescms/order/checkout', payload: body, headers: { ...OWN_CALL, 'idempotency-key': key } });
      return { response, offer };
    },
    async clearBookings() {
      await mail.idle();
      await db.execute(sql`delete from trip_bookings`);
      await db.execute(sql`delete from mail_queue`);
      pricing.invalidate();
    },
    async setMinimumStay(nights) {
      await db.update(schema.seasons).set({ minStay: nights });
      // The engine prices from each unit's rate plan: its seasons' and its own minimum stay.
      await db.execute(sql`update units set rate_plan = jsonb_set(rate_plan, '{seasons}',
        (select coalesce(jsonb_agg(jsonb_set(s.value, '{minStay}', to_jsonb(${nights}::int)) order by s.ordinality), '[]'::jsonb) from jsonb_array_elements(rate_plan -> 'seasons') with ordinality as s(value, ordinality)))
        || jsonb_build_object('minStay', ${nights}::int) where rate_plan is not null`);
      pricing.invalidate();
    },
    async close() {
      await app.close();
      await mail.close();
      await database.close();
    },
  };
}

/** The stays of one arrival day: every length 1…MAX_LENGTH, each on its own rental. */
export function staysOfDay(world: Pick<BookingWorld, 'today' | 'units'>, dayIndex: number): StayToBook[] {
  const begin = addDays(world.today, dayIndex);
  return Array.from({ length: MAX_LENGTH }, (_, i) => {
    const nights = i + 1;
    return { eid: (world.units[nights % world.units.length] as { eid: number }).eid, begin, nights };
  });
}

/** Answers for the n-th booking: offers, guests within the rental's size, protection and payment, in rotation. */
export function choicesFor(n: number, sleeps: number): BookingChoices {
  const adult = 1 + (n % Math.max(1, Math.min(sleeps, 6)));
  const child = Math.min(n % 3, Math.max(0, sleeps - adult));
  return { offerIndex: n, adult, child, ti: n % 2 === 0 ? -1 : 1, dp: n % 3 === 0 ? -1 : 1, payment: (['later', 'cc', 'ach'] as const)[n % 3] as BookingChoices['payment'] };
}

/** The day of `begin` in the world: 0 for today. */
export const dayIndexOf = (today: string, begin: string): number => (dayOf(begin) as number) - (dayOf(today) as number);
export { isoOfDay };
