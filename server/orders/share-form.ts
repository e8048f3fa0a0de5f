/**
 * The share form (spec §3 Share form) the share endpoint answers with: the short URL, social
 * links that each carry their share URL and the query parameter that takes the link, the page
 * hash in a hidden fragment field, a captcha response field, and the bt_leads_optin checkbox,
 * inside a form that writes an email to someone with the link, for the visitor's own email app
 * (share-send.ts). Every value is escaped.
 * The share modal itself shows the configured heading, subheading and description (spec §2
 * Share order), so the form does not repeat them.
 */
import { ASYNC_CAPTCHA_CLASS, CAPTCHA_FORM_ATTRIBUTE, CAPTCHA_RESPONSE_FIELD, OPT_IN_FIELD, OPT_IN_REQUIRED_ATTRIBUTE } from '../../src/domain/lead-forms.ts';
import { FRAGMENT_FIELD, SHARE_FORM_CALLBACK, SHARE_FORM_ID, SHARE_FORM_MESSAGES_ID } from '../../src/domain/share-form.ts';
import { escapeHtml } from '../html.ts';

/** The social networks offered, each with its share endpoint and the query parameter for the link. */
export const SOCIAL_LINKS: ReadonlyArray<{ name: string; url: string; query: string }> = [
  { name: 'Facebook', url: 'https://www.facebook.com/sharer/sharer.php', query: 'u' },
  { name: 'X', url: 'https://twitter.com/intent/tweet', query: 'url' },
  { name: 'WhatsApp', url: 'https://api.whatsapp.com/send', query: 'text' },
  { name: 'Pinterest', url: 'https://pinterest.com/pin/create/button/', query: 'url' },
];

export const SHARE_SEND_PATH = '/rescms/order/share/send';

export { SHARE_FORM_CALLBACK, SHARE_FORM_ID, SHARE_FORM_MESSAGES_ID };

/**
 * What replaces the share form once it is accepted (server/orders/share-send.ts): the email,
 * ready in the visitor's own email app behind a mailto: link, and the link itself for a visitor
 * without one (webmail) to paste.
 */
export function shareEmailReadyHtml(text: string, email: { mailto: string; link: string }): string {
  const e = escapeHtml;
  return [
    '<div class="share-form__sent" role="status">',
    `<p>${e(text)}</p>`,
    `<p><a class="button button--primary share-form__mail" href="${e(email.mailto)}">Open it in your email app</a></p>`,
    `<p class="share-form__mail-link">No email app? Copy the link into your message: <a href="${e(email.link)}">${e(email.link)}</a></p>`,
    '</div>',
  ].join('');
}

/** What a share form sends: a shared Trips Collection (`code`) or a page of the site (`page_code`). */
export type ShareTarget = { kind: 'order'; code: string } | { kind: 'page'; code: string };

/**
 * `leftOut`: offers of the visitor's Trips Collection that could not be shared because they can
 * no longer be booked (named with their dates), said above the link.
 */
export function shareFormHtml({
  url,
  target,
  fragment,
  showUrl,
  leftOut = [],
}: {
  url: string;
  target: ShareTarget;
  fragment: string;
  showUrl: boolean;
  leftOut?: readonly string[];
}): string {
  const e = escapeHtml;
  const social = SOCIAL_LINKS.map(
    ({ name, url: endpoint, query }) =>
      `<li><a class="share-form__social" href="${e(`${endpoint}?${query}=${encodeURIComponent(url)}`)}" data-share-url="${e(endpoint)}" data-share-query="${e(query)}" target="_blank" rel="noopener noreferrer">${e(name)}</a></li>`,
  ).join('');
  const what = target.kind === 'order' ? 'A Trips Collection' : 'A page';
  const mail = `mailto:?subject=${encodeURIComponent(`${what} for you`)}&body=${encodeURIComponent(url)}`;
  return [
    '<div class="share-form">',
    leftOut.length > 0
      ? `<div class="share-form__left-out" role="note"><p>Not in the shared link, because ${leftOut.length === 1 ? 'it' : 'they'} can no longer be booked:</p><ul>${leftOut.map((label) => `<li>${e(label)}</li>`).join('')}</ul></div>`
      : '',
    showUrl
      ? `<p class="share-form__url"><label for="share-form-url">Short link</label><input id="share-form-url" name="url" type="url" readonly value="${e(url)}"></p>`
      : '',
    `<ul class="share-form__links" aria-label="Share on">${social}<li><a class="share-form__social" href="${e(mail)}">Email app</a></li></ul>`,
    // Sent through system/ajax by script (src/bindings/share-form.ts); without script, posted to SHARE_SEND_PATH.
    `<form id="${SHARE_FORM_ID}" class="share-form__send" action="${SHARE_SEND_PATH}" method="post" ${CAPTCHA_FORM_ATTRIBUTE} ${OPT_IN_REQUIRED_ATTRIBUTE}>`,
    `<input type="hidden" name="form_id" value="${SHARE_FORM_ID}">`,
    `<input type="hidden" name="${target.kind === 'order' ? 'code' : 'page_code'}" value="${e(target.code)}">`,
    `<input type="hidden" name="${FRAGMENT_FIELD}" value="${e(fragment)}">`,
    `<div id="${SHARE_FORM_MESSAGES_ID}" class="share-form__messages"></div>`,
    '<p><label for="share-form-name">Your name</label><input id="share-form-name" name="sender_name" type="text" autocomplete="name" required maxlength="100"></p>',
    '<p><label for="share-form-email">Your email</label><input id="share-form-email" name="email" type="email" autocomplete="email" required maxlength="200"></p>',
    '<p><label for="share-form-to">Send to (email)</label><input id="share-form-to" name="to" type="email" required maxlength="200"></p>',
    '<p><label for="share-form-message">Message (optional)</label><textarea id="share-form-message" name="message" rows="3" maxlength="1000"></textarea></p>',
    `<div class="${ASYNC_CAPTCHA_CLASS}"></div>`,
    `<input type="hidden" name="${CAPTCHA_RESPONSE_FIELD}" value="">`,
    `<p class="share-form__optin"><input id="share-form-optin" name="${OPT_IN_FIELD}" type="checkbox" value="1"><label for="share-form-optin">I accept the terms and agree to be contacted about this ${target.kind === 'order' ? 'trip' : 'page'}.</label></p>`,
    // The site sends no email itself (share-send.ts): said before the visitor presses Send.
    '<p class="share-form__note">We write the email for you; it goes from your own email app.</p>',
    '<p><button type="submit" class="button button--primary">Send</button></p>',
    '</form>',
    '</div>',
  ].join('');
}
