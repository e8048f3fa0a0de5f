/**
 * The site's lead forms (spec §2 Lead and inquiry forms, §5 Forms): their ids (each beginning
 * 'bt-leads'), fields, which require the opt-in, and the checks the server makes of a post, so
 * that the browser and the server name and check the same fields.
 */
import { EMAIL as EMAIL_ADDRESS, isLeadFormId } from './lead-forms';

export type LeadFieldName = 'name' | 'email' | 'phone' | 'country' | 'message';

export interface LeadFieldDefinition {
  name: LeadFieldName;
  label: string;
  required: boolean;
  maxLength: number;
}

export interface LeadFormDefinition {
  id: string;
  /** The modal's title and the form's accessible name. */
  title: string;
  intro: string;
  fields: readonly LeadFieldDefinition[];
  /** The form carries OPT_IN_REQUIRED_ATTRIBUTE: it cannot be sent without OPT_IN_FIELD checked. */
  optInRequired: boolean;
  /** The opt-in checkbox's label. */
  optInLabel: string;
  submitLabel: string;
  /** What the visitor reads once it was sent. */
  successText: string;
  /** The form is about one rental (its eid travels in a hidden field). */
  aboutRental: boolean;
}

const NAME: LeadFieldDefinition = { name: 'name', label: 'Your name', required: true, maxLength: 100 };
const EMAIL: LeadFieldDefinition = { name: 'email', label: 'Email', required: true, maxLength: 200 };
const PHONE: LeadFieldDefinition = { name: 'phone', label: 'Phone (optional)', required: false, maxLength: 40 };
const COUNTRY: LeadFieldDefinition = { name: 'country', label: 'Country (optional)', required: false, maxLength: 2 };
const MESSAGE: LeadFieldDefinition = { name: 'message', label: 'Message', required: true, maxLength: 2000 };

export const LEAD_FORMS = {
  contact: {
    id: 'bt-leads-contact',
    title: 'Contact us',
    intro: 'Questions about a stay, the coast or an owner listing? Write to us and we answer within one business day.',
    fields: [NAME, EMAIL, PHONE, COUNTRY, MESSAGE],
    optInRequired: true,
    optInLabel: 'I accept the terms and privacy policy and agree to be contacted about my question.',
    submitLabel: 'Send message',
    successText: 'Thank you: your message was sent. We answer within one business day.',
    aboutRental: false,
  },
  rental: {
    id: 'bt-leads-rental-inquiry',
    title: 'Ask about this rental',
    intro: 'Ask the rental team about this home: dates, pets, parking, anything.',
    fields: [NAME, EMAIL, PHONE, COUNTRY, MESSAGE],
    optInRequired: false,
    optInLabel: 'Send me offers and news from the coast (optional).',
    submitLabel: 'Send question',
    successText: 'Thank you: your question was sent to the rental team. We answer within one business day.',
    aboutRental: true,
  },
  newsletter: {
    id: 'bt-leads-newsletter',
    title: 'Newsletter',
    intro: 'Specials, events and new rentals on the Coral Haven Coast, about once a month.',
    fields: [EMAIL, { ...NAME, label: 'Your name (optional)', required: false }],
    optInRequired: true,
    optInLabel: 'I accept the terms and privacy policy and agree to receive the newsletter by email.',
    submitLabel: 'Subscribe',
    successText: 'Thank you: you are subscribed to the newsletter.',
    aboutRental: false,
  },
} as const satisfies Record<string, LeadFormDefinition>;

export type LeadFormKind = keyof typeof LEAD_FORMS;

/** The hidden honeypot field: visitors never see it; a bot that fills it is discarded. */
export const HONEYPOT_FIELD = 'homepage';
/** The hidden field the anti-bot script fills with the form's key (spec §7 Lead forms and content). */
export const ANTIBOT_KEY_FIELD = 'antibot_key';
/** The form's id travels in it, as CMS forms carry it. */
export const FORM_ID_FIELD = 'form_id';
/** Where a lead form is posted: POST {LEAD_SUBMIT_PATH}/{form id}. */
export const LEAD_SUBMIT_PATH = '/bt-leads/submit';
/** GET: the anti-bot key map (spec §7). */
export const ANTIBOT_KEYS_PATH = '/bt-leads-antibot-workaround';
/** The anti-bot script loaded when it is missing (spec §7). */
export const ANTIBOT_SCRIPT_PATH = '/sites/all/modules/contrib/antibot/js/antibot.js';

/** The anti-bot key map's shape: form id → its key (spec §7: merged into the form settings). */
export type AntibotKeyMap = Record<string, string>;

export function leadFormById(id: string): LeadFormDefinition | null {
  if (!isLeadFormId(id)) return null;
  return Object.values(LEAD_FORMS).find((form) => form.id === id) ?? null;
}

export type LeadValues = Record<LeadFieldName, string>;

/**
 * The field errors of a post (field name → message), empty when every field is fine.
 *
 * @example leadFieldErrors(LEAD_FORMS.newsletter, { email: 'x' }) // { email: 'Enter an email address such as name@example.com.' }
 */
export function leadFieldErrors(form: LeadFormDefinition, values: Partial<Record<string, string>>, isCountry: (code: string) => boolean): Partial<Record<LeadFieldName, string>> {
  const errors: Partial<Record<LeadFieldName, string>> = {};
  for (const field of form.fields) {
    const value = (values[field.name] ?? '').trim();
    const label = field.label.replace(/ \(optional\)$/, '');
    if (field.required && value === '') errors[field.name] = `${label} is required.`;
    else if (value.length > field.maxLength) errors[field.name] = `${label} must be at most ${field.maxLength} characters.`;
    else if (field.name === 'email' && value !== '' && !EMAIL_ADDRESS.test(value)) errors[field.name] = 'Enter an email address such as name@example.com.';
    else if (field.name === 'country' && value !== '' && !isCountry(value)) errors[field.name] = 'Choose a country from the list.';
    // eslint-disable-next-line no-control-regex
    else if (field.name !== 'message' && /[\u0000-\u001f\u007f]/.test(value)) errors[field.name] = `${label} contains characters that are not allowed.`;
  }
  return errors;
}
