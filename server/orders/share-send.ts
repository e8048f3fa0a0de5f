/**
 * Sending a shared Trips Collection or a page of the site to someone by email (spec §3 Share
 * form, §5 Forms, §8): the one check both ways of sending use, the form posted without script
 * (POST /rescms/order/share/send) and the asynchronous submit (POST /system/ajax, form id
 * bt-leads-share-submit-rc-core-order-share). The opt-in must be accepted, the captcha token
 * must pass when the site asks for one, and the link must exist; the request is kept as a lead,
 * and the link is emailed to the friend through the mail queue (committed before the answer).
 */
import { OPT_IN_ALERT, OPT_IN_FIELD, CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';
import { CAPTCHA_REFUSED, type CaptchaVerifier } from '../captcha/verifier.ts';
import type { Database } from '../db/client.ts';
import { escapeHtml } from '../html.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { OrderStore } from './order-store.ts';
import { SHARE_CODE } from './order-store.ts';
import type { PageLinks } from './page-links.ts';
import { SHARE_FORM_ID, type ShareTarget } from './share-form.ts';

/** The sender's name in the share forms. */
export const SENDER_NAME_FIELD = 'sender_name';

import { EMAIL } from '../../src/domain/lead-forms.ts';

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

/** How a share reaches the friend: a queued email with the link (the site's public address of the target). */
export interface ShareMail {
  queue: Pick<MailQueue, 'enqueue' | 'kick'>;
  db: Pick<Database, 'insert'>;
  siteName: string;
  /** The link the friend gets; a shared page's carries the page's hash (`fragment`, '' for none). */
  link(target: ShareTarget, fragment: string): string;
}

export interface ShareSendDeps {
  store: Pick<OrderStore, 'shared' | 'addLead'>;
  pageLinks: Pick<PageLinks, 'resolve' | 'addLead'>;
  captcha: CaptchaVerifier;
  /** Without it (tests of other parts) the request is only kept. */
  mail?: ShareMail;
}

/** The email to the friend: who sent it, their message, and the link. */
function shareMessage(target: ShareTarget, lead: { senderName: string; senderEmail: string; message: string }, link: string, siteName: string) {
  const sender = lead.senderName.replace(/\s+/g, ' ');
  const what = target.kind === 'order' ? 'a Trips Collection' : 'a page';
  const intro = `${sender} (${lead.senderEmail}) shared ${what} of ${siteName} with you.`;
  const text = [intro, lead.message ? `\n${lead.message}\n` : '', `Open it here: ${link}`].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>${lead.message ? `<p>${escapeHtml(lead.message).replace(/\n/g, '<br>')}</p>` : ''}<p><a href="${escapeHtml(link)}">Open it here</a></p>`;
  return { subject: `${sender} shared ${what} with you`, text, html };
}

/**
 * The page hash of the fragment field (spec §7: the current page hash is sent in it), kept when it
 * is one: '#' and printable characters without spaces, quotes or angle brackets; else none.
 */
const PAGE_HASH = /^#[!#$%&'()*+,\-./0-9:;=?@A-Z[\]^_`a-z{|}~]+$/;
const pageHashOf = (fragment: string): string => (PAGE_HASH.test(fragment) ? fragment : '');

/** Queues the email to the friend and starts the queue. */
async function mailShare(
  mail: ShareMail | undefined,
  target: ShareTarget,
  lead: { senderName: string; senderEmail: string; recipientEmail: string; message: string },
  fragment: string,
) {
  if (!mail) return;
  const link = mail.link(target, target.kind === 'page' ? pageHashOf(fragment) : '');
  await mail.queue.enqueue(mail.db, { kind: `share-${target.kind}`, reference: target.code, to: lead.recipientEmail, ...shareMessage(target, lead, link, mail.siteName) });
  mail.queue.kick();
}

/** One value of a form field: given at most once, trimmed, within `max` characters. */
export function singleField(fields: URLSearchParams, name: string, max: number, { required = true } = {}): string {
  const values = fields.getAll(name);
  if (values.length > 1) throw new ShareSendRefused(`${name} may be given only once`);
  const value = (values[0] ?? '').trim();
  if (required && value === '') throw new ShareSendRefused(`${name} is required`);
  if (value.length > max) throw new ShareSendRefused(`${name} must be at most ${max} characters`);
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
 * Checks and keeps one share request; answers what the visitor is told and the link's target.
 * Throws ShareSendRefused with the message to show.
 */
export async function sendShare(fields: URLSearchParams, ip: string, deps: ShareSendDeps): Promise<{ text: string; target: ShareTarget; path: string }> {
  const target = targetOf(fields);
  // The form's field is sender_name: the sanitizer drops name="name" (it would shadow form.name); 'name' is still taken.
  const name = singleField(fields, fields.has(SENDER_NAME_FIELD) ? SENDER_NAME_FIELD : 'name', 100);
  const email = singleField(fields, 'email', 200);
  const to = singleField(fields, 'to', 200);
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
  const lead = { code: target.code, senderName: name, senderEmail: email, recipientEmail: to, message, optIn: true };
  if (target.kind === 'order') {
    await deps.store.addLead(lead);
    await mailShare(deps.mail, target, lead, fragment);
    return { text: `Your Trips Collection is on its way to ${to}.`, target, path: '' };
  }
  await deps.pageLinks.addLead(lead);
  await mailShare(deps.mail, target, lead, fragment);
  return { text: `The page is on its way to ${to}.`, target, path };
}
