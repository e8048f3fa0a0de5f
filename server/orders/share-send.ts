/**
 * Sending a shared Trips Collection or a page of the site to someone by email (spec §3 Share
 * form, §5 Forms, §7 CMS asynchronous requests, §8): the one check both ways of sending use, the
 * form posted without script (POST /rescms/order/share/send) and the asynchronous submit
 * (POST /system/ajax, form id bt-leads-share-submit-rc-core-order-share).
 *
 * The site sends no email to the address a visitor types (issue 23 item 3). A form that makes the
 * site mail any address with the visitor's words is a relay for spam under the site's name,
 * whatever limits it has, and it puts the address that sends the guests' booking confirmations
 * on block lists. So, as Airbnb and Vrbo do with their 'Email' share button, the message is
 * written in the visitor's own email app: the form is checked as before (the opt-in, the captcha,
 * the link must exist), the sender is kept as a lead for the site owner (name, email, opt-in; not
 * the friend's address nor the message, which the site does not need), and the answer is a
 * mailto: link addressed to the friend with a fixed subject and a body of the visitor's message
 * and the link. The visitor sends it from their own address, or not at all.
 */
import { OPT_IN_ALERT, OPT_IN_FIELD, CAPTCHA_RESPONSE_FIELD, EMAIL } from '../../src/domain/lead-forms.ts';
import { CAPTCHA_REFUSED, type CaptchaVerifier } from '../captcha/verifier.ts';
import { hasLineBreak, oneLineMessage } from '../security/text-input.ts';
import type { OrderStore } from './order-store.ts';
import { SHARE_CODE } from './order-store.ts';
import type { PageLinks } from './page-links.ts';
import { SHARE_FORM_ID, type ShareTarget } from './share-form.ts';

/** The sender's name in the share forms. */
export const SENDER_NAME_FIELD = 'sender_name';

/** A share form refused: the status and the message the visitor reads (their entries are kept). */
export class ShareSendRefused extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
  }
}

/** No captcha asked (a site without one; tests of other parts). */
export const NO_CAPTCHA: CaptchaVerifier = { required: false, verify: async () => ({ ok: true }) };

/** No page links kept: every page code is unknown. */
export const NO_PAGE_LINKS: PageLinks = {
  shorten: async () => {
    throw new Error('Page links are not kept here');
  },
  resolve: async () => null,
  addLead: async () => {},
  sweep: async () => 0,
};

/** What the email the visitor writes says: the site's name and the link of what is shared. */
export interface ShareLinks {
  siteName: string;
  /** The link the friend gets; a shared page's carries the page's hash (`fragment`, '' for none). */
  link(target: ShareTarget, fragment: string): string;
}

export interface ShareSendDeps {
  store: Pick<OrderStore, 'shared' | 'addLead'>;
  pageLinks: Pick<PageLinks, 'resolve' | 'addLead'>;
  captcha: CaptchaVerifier;
  links: ShareLinks;
}

/** The email the visitor sends from their own email app. */
export interface ShareEmail {
  to: string;
  subject: string;
  body: string;
  /** mailto:{to}?subject=…&body=… (RFC 6068). */
  mailto: string;
  /** The link the email carries. */
  link: string;
}

/** Percent-encodes for a mailto: URL (RFC 6068): everything but unreserved characters; '@' stays readable in the address. */
const mailtoPart = (text: string): string => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The email to the friend, written in the visitor's name: a subject of the site's words only, the
 * visitor's message as they typed it, the link, and their name.
 *
 * @example shareEmail('ben@example.org', { kind: 'page', code }, { senderName: 'Ana', message: '' }, link, 'Coral Coast').subject
 * // 'A page of Coral Coast for you'
 */
export function shareEmail(to: string, target: ShareTarget, lead: { senderName: string; message: string }, link: string, siteName: string): ShareEmail {
  const what = target.kind === 'order' ? 'A Trips Collection' : 'A page';
  const subject = `${what} of ${siteName} for you`;
  const body = [...(lead.message ? [lead.message, ''] : []), `${what} of ${siteName}: ${link}`, '', lead.senderName].join('\r\n');
  return { to, subject, body, link, mailto: `mailto:${mailtoPart(to).replace(/%40/g, '@')}?subject=${mailtoPart(subject)}&body=${mailtoPart(body)}` };
}

/**
 * The page hash of the fragment field (spec §7: the current page hash is sent in it), kept when it
 * is one: '#' and printable characters without spaces, quotes or angle brackets; else none.
 */
const PAGE_HASH = /^#[!#$%&'()*+,\-./0-9:;=?@A-Z[\]^_`a-z{|}~]+$/;
const pageHashOf = (fragment: string): string => (PAGE_HASH.test(fragment) ? fragment : '');

/**
 * One value of a form field: given at most once, trimmed, within `max` characters; `oneLine`
 * (the field's label) refuses a line break in it.
 */
export function singleField(fields: URLSearchParams, name: string, max: number, { required = true, oneLine }: { required?: boolean; oneLine?: string } = {}): string {
  const values = fields.getAll(name);
  if (values.length > 1) throw new ShareSendRefused(`${name} may be given only once`);
  const value = (values[0] ?? '').trim();
  if (required && value === '') throw new ShareSendRefused(`${name} is required`);
  if (value.length > max) throw new ShareSendRefused(`${name} must be at most ${max} characters`);
  if (oneLine !== undefined && hasLineBreak(value)) throw new ShareSendRefused(oneLineMessage(oneLine));
  return value;
}

function targetOf(fields: URLSearchParams): ShareTarget {
  const order = singleField(fields, 'code', 32, { required: false });
  const page = singleField(fields, 'page_code', 32, { required: false });
  if ((order === '') === (page === '')) throw new ShareSendRefused('Send either code (a shared Trips Collection) or page_code (a page)');
  const code = order || page;
  if (!SHARE_CODE.test(code)) throw new ShareSendRefused('The short link code is not valid');
  return order ? { kind: 'order', code } : { kind: 'page', code };
}

/**
 * Checks one share request and keeps its sender as a lead; answers what the visitor is told,
 * the email for their email app, and the link's target. Throws ShareSendRefused with the message
 * to show.
 */
export async function sendShare(fields: URLSearchParams, ip: string, deps: ShareSendDeps): Promise<{ text: string; email: ShareEmail; target: ShareTarget; path: string }> {
  const target = targetOf(fields);
  // The form's field is sender_name: the sanitizer drops name="name" (it would shadow form.name); 'name' is still taken.
  const name = singleField(fields, fields.has(SENDER_NAME_FIELD) ? SENDER_NAME_FIELD : 'name', 100, { oneLine: 'Your name' });
  const email = singleField(fields, 'email', 200, { oneLine: 'Your email' });
  const to = singleField(fields, 'to', 200, { oneLine: 'The email address to send to' });
  const message = singleField(fields, 'message', 1000, { required: false });
  const fragment = singleField(fields, 'fragment', 2000, { required: false });
  const token = singleField(fields, CAPTCHA_RESPONSE_FIELD, 4000, { required: false });
  if (!EMAIL.test(email)) throw new ShareSendRefused('Your email address is not valid');
  if (!EMAIL.test(to)) throw new ShareSendRefused('The email address to send to is not valid');
  // Spec §8: the opt-in must be accepted.
  if (singleField(fields, OPT_IN_FIELD, 10, { required: false }) !== '1') throw new ShareSendRefused(OPT_IN_ALERT);
  // What is shared must exist.
  let path = '';
  if (target.kind === 'order') {
    if (!(await deps.store.shared(target.code))) throw new ShareSendRefused('This shared Trips Collection does not exist or has been removed.', 404);
  } else {
    path = (await deps.pageLinks.resolve(target.code)) ?? '';
    if (path === '') throw new ShareSendRefused('This page link does not exist.', 404);
  }
  // Last of the checks: a token passes once, so it is not spent on a form refused for another reason.
  const verdict = await deps.captcha.verify(token, { ip, formId: SHARE_FORM_ID });
  if (!verdict.ok) throw new ShareSendRefused(CAPTCHA_REFUSED);
  // The lead is the sender (who agreed to be contacted); the friend's address and the message stay in the visitor's email.
  const lead = { code: target.code, senderName: name, senderEmail: email, recipientEmail: '', message: '', optIn: true };
  if (target.kind === 'order') await deps.store.addLead(lead);
  else await deps.pageLinks.addLead(lead);
  const link = deps.links.link(target, target.kind === 'page' ? pageHashOf(fragment) : '');
  const composed = shareEmail(to, target, { senderName: name, message }, link, deps.links.siteName);
  return { text: `Your email to ${to} is ready: send it from your own email app.`, email: composed, target, path };
}
