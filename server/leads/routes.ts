/**
 * The lead forms on the server (issue 14; spec §2 Lead and inquiry forms, §4 Lead form in a modal,
 * §5 Forms, §7 Lead forms and content):
 *
 *   GET  /bt-leads-antibot-workaround                    → { [form id]: key (reversed) }: the anti-bot key map
 *   GET  /sites/all/modules/contrib/antibot/js/antibot.js → the anti-bot script
 *   POST /bt-leads/submit/{form id} (form-encoded)        → { message } (200), or { message, reason, fieldErrors } (4xx)
 *
 * A post is refused without a valid anti-bot key for its form (403, reason 'antibot': the form
 * asks for new keys), without the opt-in where the form requires it (400, the alert's text), with
 * field errors (400, per field), and when the captcha is required and its token does not pass
 * (400, CAPTCHA_REFUSED). A filled honeypot is answered like a success and nothing is kept. Each
 * address may send LEAD_ADDRESS_LIMIT leads an hour (429), besides the per-client `form` limit and
 * the cross-site refusal every post gets from server/security. A lead is stored and its email to
 * the site owner queued in one transaction, committed before the answer (it survives kill -9).
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isCountryCode } from '../checkout/countries.ts';
import type { CaptchaVerifier } from '../captcha/verifier.ts';
import { CAPTCHA_REFUSED } from '../captcha/verifier.ts';
import type { Database } from '../db/client.ts';
import { leads, units } from '../db/schema.ts';
import { escapeHtml } from '../html.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import {
  ANTIBOT_KEY_FIELD,
  ANTIBOT_KEYS_PATH,
  ANTIBOT_SCRIPT_PATH,
  FORM_ID_FIELD,
  HONEYPOT_FIELD,
  LEAD_FORMS,
  LEAD_SUBMIT_PATH,
  leadFieldErrors,
  leadFormById,
  type AntibotKeyMap,
  type LeadFormDefinition,
} from '../../src/domain/lead-form-definitions.ts';
import { CAPTCHA_RESPONSE_FIELD, OPT_IN_ALERT, OPT_IN_FIELD } from '../../src/domain/lead-forms.ts';
import { createAntibotKeys, reverseKey } from './antibot.ts';
import { ANTIBOT_SCRIPT } from './antibot-script.ts';
import { acceptFormBodies } from '../form-body.ts';
import { hasLineBreak, oneLineMessage } from '../security/text-input.ts';

const LEAD_BODY_LIMIT = 32 * 1024;
/** Leads one email address may send in an hour. */
export const LEAD_ADDRESS_LIMIT = { max: 5, windowMs: 3_600_000 };
const ADDRESS_LIMIT_TEXT = 'You have sent several messages from this email address in the last hour. Please wait a little before sending another; we answer the ones we have.';

export interface LeadRouteOptions {
  db: Database;
  mail: Pick<MailQueue, 'enqueue' | 'kick'>;
  /** Signs the anti-bot keys (the cookie secret). */
  secret: string;
  captcha: CaptchaVerifier;
  /** The site owner's address: every lead is emailed there. */
  ownerEmail: string;
  now?: () => number;
  addressLimit?: { max: number; windowMs: number };
}

type Refusal = { status: number; message: string; reason: string; fieldErrors?: Record<string, string> };

const refuse = (reply: FastifyReply, { status, ...body }: Refusal) => reply.status(status).header('cache-control', 'no-store').send({ statusCode: status, ...body });

function field(fields: URLSearchParams, name: string): string {
  const values = fields.getAll(name);
  return values.length === 1 ? (values[0] ?? '').trim() : '';
}

function leadEmail(form: LeadFormDefinition, values: Record<string, string>, rental: string | null): { subject: string; text: string; html: string } {
  const rows: Array<[string, string]> = [
    ['Form', form.title],
    ...(rental ? ([['Rental', rental]] as Array<[string, string]>) : []),
    ...form.fields.map((f) => [f.label.replace(/ \(optional\)$/, ''), values[f.name] ?? ''] as [string, string]),
    ['Opt-in', values.optIn === '1' ? 'yes' : 'no'],
  ];
  const who = values.name || values.email || '';
  return {
    subject: `${form.title}${rental ? ` (${rental})` : ''}: ${who}`.slice(0, 200),
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: `<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>`,
  };
}

export async function registerLeadRoutes(app: FastifyInstance, options: LeadRouteOptions): Promise<void> {
  const { db, mail, captcha, ownerEmail } = options;
  const now = options.now ?? Date.now;
  const limit = options.addressLimit ?? LEAD_ADDRESS_LIMIT;
  const keys = createAntibotKeys(options.secret, now);

  app.get(ANTIBOT_KEYS_PATH, { config: { limit: 'content' } }, async (_request, reply) => {
    const map: AntibotKeyMap = Object.fromEntries(Object.values(LEAD_FORMS).map((form) => [form.id, reverseKey(keys.issue(form.id))]));
    reply.header('cache-control', 'no-store');
    return map;
  });

  app.get(ANTIBOT_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(ANTIBOT_SCRIPT),
  );

  await app.register(async (scope) => {
    acceptFormBodies(scope, LEAD_BODY_LIMIT);
    scope.post<{ Params: { formId: string } }>(`${LEAD_SUBMIT_PATH}/:formId`, { bodyLimit: LEAD_BODY_LIMIT, config: { limit: 'form' } }, async (request, reply) => {
      const form = leadFormById(request.params.formId);
      if (!form) return refuse(reply, { status: 404, message: 'There is no such form.', reason: 'form' });
      if (!(request.body instanceof URLSearchParams)) return refuse(reply, { status: 415, message: 'Send the form form-encoded (application/x-www-form-urlencoded).', reason: 'encoding' });
      const fields = request.body;
      if (field(fields, FORM_ID_FIELD) !== form.id) return refuse(reply, { status: 400, message: 'The form id does not match the form.', reason: 'form' });
      const antibot = keys.verify(form.id, field(fields, ANTIBOT_KEY_FIELD));
      if (!antibot.ok) {
        request.log.warn({ form: form.id, reason: antibot.reason }, 'lead refused: anti-bot key');
        return refuse(reply, { status: 403, message: 'This form could not be checked. Please try again.', reason: 'antibot' });
      }
      // A bot filled the field people never see: answered like a success, nothing kept or sent.
      if (fields.getAll(HONEYPOT_FIELD).some((value) => value !== '')) {
        request.log.warn({ form: form.id }, 'lead discarded: honeypot filled');
        return { message: form.successText };
      }
      const optIn = field(fields, OPT_IN_FIELD) === '1';
      if (form.optInRequired && !optIn) return refuse(reply, { status: 400, message: OPT_IN_ALERT, reason: 'optin', fieldErrors: { [OPT_IN_FIELD]: OPT_IN_ALERT } });
      const values: Record<string, string> = {};
      for (const f of form.fields) values[f.name] = field(fields, f.name);
      const errors = leadFieldErrors(form, values, isCountryCode);
      // Names, addresses and phones are one line; the message keeps its line breaks.
      for (const f of form.fields) {
        if (f.name !== 'message' && hasLineBreak(values[f.name] ?? '')) errors[f.name] = oneLineMessage(f.label.replace(/ \(optional\)$/, ''));
      }
      let eid: number | null = null;
      let rental: string | null = null;
      if (form.aboutRental) {
        const raw = field(fields, 'eid');
        const found = /^\d{4}$/.test(raw) ? await db.select({ name: units.name }).from(units).where(eq(units.eid, Number(raw))) : [];
        if (!found[0]) return refuse(reply, { status: 400, message: 'This rental is not known.', reason: 'eid' });
        eid = Number(raw);
        rental = found[0].name;
      }
      if (Object.keys(errors).length > 0) return refuse(reply, { status: 400, message: 'Please correct the fields marked.', reason: 'fields', fieldErrors: errors });
      const verdict = await captcha.verify(field(fields, CAPTCHA_RESPONSE_FIELD), { ip: request.ip, formId: form.id });
      if (!verdict.ok) return refuse(reply, { status: 400, message: CAPTCHA_REFUSED, reason: 'captcha' });
      const email = values.email!.toLowerCase();
      const since = new Date(now() - limit.windowMs);
      const stored = await db.transaction(async (tx) => {
        // One address at a time: two posts at once cannot both pass the limit.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${email}`}))`);
        const [sent] = await tx.select({ n: count() }).from(leads).where(and(eq(leads.email, email), gt(leads.createdAt, since)));
        if ((sent?.n ?? 0) >= limit.max) return false;
        const [row] = await tx
          .insert(leads)
          .values({ formId: form.id, name: values.name ?? '', email, phone: values.phone ?? '', country: values.country ?? '', message: values.message ?? '', eid, optIn })
          .returning({ id: leads.id });
        const message = leadEmail(form, { ...values, optIn: optIn ? '1' : '' }, rental);
        await mail.enqueue(tx, { kind: 'lead', reference: String(row?.id ?? ''), to: ownerEmail, ...message });
        return true;
      });
      if (!stored) {
        reply.header('retry-after', String(Math.ceil(limit.windowMs / 1000)));
        return refuse(reply, { status: 429, message: ADDRESS_LIMIT_TEXT, reason: 'address' });
      }
      mail.kick();
      reply.header('cache-control', 'no-store');
      return { message: form.successText };
    });
  });
}
