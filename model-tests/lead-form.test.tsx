import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EventFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ANTIBOT_KEYS_PATH, LEAD_FORMS } from '@/domain/lead-form-definitions';
import { OPT_IN_ALERT, OPT_IN_FIELD } from '@/domain/lead-forms';
import { LEAD_NETWORK_FAILURE } from '@/effects/lead-form-client';
import { KEY_EXPIRED, KEYS_FAILED, leadFormMachine } from '@/machines/lead-form-machine';
import { LeadForm } from '@/views/leads/lead-form';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';

type LeadSnapshot = SnapshotFrom<typeof leadFormMachine>;
type LeadEvent = EventFrom<typeof leadFormMachine>;

const FORM = LEAD_FORMS.contact;
const KEY = '1900000000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const reversed = (key: string) => [...key].reverse().join('');
const EMAIL_ERROR = 'Enter an email address such as name@example.com.';

/** The server's answers and the visitor's doings a lead form meets; each is one model event. */
const EVENTS: LeadEvent[] = [
  { type: 'lead.form.shown' },
  { type: 'antibot.keys.received', keys: { [FORM.id]: reversed(KEY), [LEAD_FORMS.newsletter.id]: 'other' } },
  { type: 'antibot.keys.received', keys: { [LEAD_FORMS.newsletter.id]: 'other' } },
  { type: 'antibot.keys.failed', message: 'HTTP 503' },
  { type: 'lead.retried' },
  { type: 'lead.submitted', fields: {}, optIn: true },
  { type: 'lead.submitted', fields: {}, optIn: false },
  { type: 'lead.sent', message: FORM.successText },
  { type: 'lead.refused', reason: 'fields', message: 'Please correct the fields marked.', fieldErrors: { email: EMAIL_ERROR } },
  { type: 'lead.refused', reason: 'antibot', message: 'This form could not be checked. Please try again.', fieldErrors: {} },
  { type: 'lead.failed', message: LEAD_NETWORK_FAILURE },
];

const coverage = new ModelCoverage(leadFormMachine);
const model = createTestModel(leadFormMachine, {
  input: { formId: FORM.id, optInRequired: FORM.optInRequired },
  events: EVENTS,
  filterEvents: (snapshot, event) => snapshot.can(event),
});

interface Pending {
  url: string;
  init: RequestInit;
  answer: (status: number, body: unknown) => void;
  fail: () => void;
}

/**
 * The contact form in its real view, with the real effects; the server is a stand-in for fetch
 * (each request waits until the step answers it) and the anti-bot script a stand-in that puts the
 * key into the form at once (a person has already moved the pointer).
 */
function leadDriver(): PathDriver<LeadSnapshot, LeadEvent> {
  let latest: LeadSnapshot | null = null;
  let unmount = () => {};
  const requests: Pending[] = [];
  const alert = vi.fn<(text: string) => void>();
  const inspect = (event: InspectionEvent) => {
    coverage.inspect(event);
    if (event.type === '@xstate.snapshot' && (event.actorRef as { logic?: unknown }).logic === leadFormMachine) latest = event.snapshot as LeadSnapshot;
  };
  const next = async (method: 'GET' | 'POST') => {
    let found: Pending | undefined;
    await waitFor(() => {
      found = requests.find((r) => (r.init.method ?? 'GET') === method);
      expect(found, `a ${method} request`).toBeDefined();
    });
    requests.splice(requests.indexOf(found as Pending), 1);
    return found as Pending;
  };
  const submit = () => screen.getByRole('button', { name: /Send message|Sending/ });
  return {
    start: () => {
      latest = null;
      requests.length = 0;
      alert.mockClear();
      vi.stubGlobal('alert', alert);
      vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) =>
        new Promise<Response>((resolve, reject) => {
          requests.push({
            url,
            init,
            answer: (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
            fail: () => reject(new TypeError('Failed to fetch')),
          });
        }),
      );
      window.Antibot = {
        attach: (form, { key }) => {
          (form.querySelector('input[name="antibot_key"]') as HTMLInputElement).value = reversed(key);
          return () => {};
        },
      };
    },
    perform: async (event) => {
      switch (event.type) {
        case 'lead.form.shown':
          unmount = render(<LeadForm definition={FORM} onClose={() => {}} inspect={inspect} />).unmount;
          return;
        case 'antibot.keys.received': {
          const request = await next('GET');
          expect(request.url).toBe(ANTIBOT_KEYS_PATH);
          return act(() => request.answer(200, event.keys));
        }
        case 'antibot.keys.failed':
          return act(async () => (await next('GET')).answer(503, { message: 'Service Unavailable' }));
        case 'lead.retried':
          return act(() => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
        case 'lead.submitted': {
          fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Ana Lima' } });
          fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
          fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Do you allow dogs?' } });
          const optIn = screen.getByLabelText(FORM.optInLabel) as HTMLInputElement;
          if (optIn.checked !== event.optIn) fireEvent.click(optIn);
          alert.mockClear();
          return act(() => void fireEvent.click(submit()));
        }
        case 'lead.sent':
          return act(async () => (await next('POST')).answer(200, { message: event.message }));
        case 'lead.refused':
          return act(async () => (await next('POST')).answer(event.reason === 'antibot' ? 403 : 400, { message: event.message, reason: event.reason, fieldErrors: event.fieldErrors }));
        case 'lead.failed':
          return act(async () => (await next('POST')).fail());
      }
    },
    expectState: async (state) => {
      if (state.matches('idle')) {
        expect(screen.queryByRole('form')).toBeNull();
        return;
      }
      await waitFor(() => expect(latest?.value).toEqual(state.value));
      if (state.matches('sent')) {
        expect(screen.queryByRole('form')).toBeNull();
        expect(screen.getByText(FORM.successText, { selector: '.lead-form__sent p' })).toBeTruthy();
        expect(within(screen.getByRole('status')).getByText(FORM.successText)).toBeTruthy();
        return;
      }
      const form = screen.getByRole('form', { name: FORM.title });
      const fieldset = form.querySelector('fieldset') as HTMLFieldSetElement;
      if (state.matches('locked')) {
        expect(fieldset.disabled).toBe(true);
        expect(screen.getByText('Preparing the form…')).toBeTruthy();
        return;
      }
      if (state.matches('unavailable')) {
        expect(fieldset.disabled).toBe(true);
        expect(within(screen.getByRole('alert')).getByText(KEYS_FAILED)).toBeTruthy();
        return;
      }
      expect(fieldset.disabled).toBe(false);
      // The key from the map, merged into the settings and put in the form by the anti-bot script.
      expect((form.querySelector('input[name="antibot_key"]') as HTMLInputElement).value).toBe(KEY);
      if (state.matches('sending')) {
        expect(submit().textContent).toBe('Sending…');
        const post = requests.find((r) => r.init.method === 'POST');
        const body = new URLSearchParams(String(post?.init.body));
        expect(body.get('form_id')).toBe(FORM.id);
        expect(body.get('antibot_key')).toBe(KEY);
        expect(body.get(OPT_IN_FIELD)).toBe('1');
        expect(body.get('homepage')).toBe('');
        return;
      }
      // Ready: the visitor's entries are kept, whatever happened.
      if (latest?.context.message) expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
      const errors = state.context.fieldErrors;
      if (errors.email) {
        const email = screen.getByLabelText('Email');
        expect(email.getAttribute('aria-invalid')).toBe('true');
        expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(errors.email);
        expect(document.activeElement).toBe(email);
      }
      if (state.context.message && state.context.message !== KEY_EXPIRED) {
        expect(within(screen.getByRole('alert')).getByText(state.context.message)).toBeTruthy();
        // Said once: the alert, not the notification's status region too.
        expect(screen.getByRole('status').textContent).not.toContain(state.context.message);
      }
    },
    stop: () => {
      unmount();
      vi.unstubAllGlobals();
      delete window.Antibot;
    },
  };
}

describe('lead form machine, walked through the contact form with its effects', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, leadFormMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, leadDriver());
  });

  describe('the opt-in (spec §5 Forms, §8)', () => {
    it('alerts and sends nothing when the opt-in is not checked; the entries stay', async () => {
      const driver = leadDriver();
      await driver.start();
      try {
        await driver.perform(EVENTS[0]!, undefined as never);
        await driver.perform(EVENTS[1]!, undefined as never);
        await waitFor(() => expect((screen.getByRole('form').querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false));
        const alert = vi.mocked(window.alert);
        await driver.perform(EVENTS[6]!, undefined as never);
        expect(alert).toHaveBeenCalledTimes(1);
        expect(alert).toHaveBeenCalledWith(OPT_IN_ALERT);
        // A second try with the same entries alerts again (the submit guard let it through: the submit had ended).
        await act(() => void fireEvent.click(screen.getByRole('button', { name: 'Send message' })));
        expect(alert).toHaveBeenCalledTimes(2);
        expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Ana Lima');
      } finally {
        await driver.stop();
      }
    });
  });
});
