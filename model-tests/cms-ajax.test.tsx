import { Subject } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { createCmsAjaxClient, type CmsAjaxClient } from '@/bindings/cms-ajax-client';
import { PLEASE_WAIT, VERIFICATION_FAILED } from '@/domain/cms-ajax';
import { cmsAjaxMachine, type CmsAjaxEvent } from '@/machines/cms-ajax-machine';
import { ModelCoverage, planPaths, runPath, type PathDriver, type PlannedPath, type Via } from './coverage';

type AjaxSnapshot = SnapshotFrom<typeof cmsAjaxMachine>;
type AjaxEvent = EventFrom<typeof cmsAjaxMachine>;
type ModelEvent = Via<AjaxEvent>;
type Result = Exclude<CmsAjaxEvent, { type: 'ajax.requested' }>;

const TRUSTED = 'https://partner.test';
const LOCAL_URL = '/system/ajax';
const TRUSTED_URL = `${TRUSTED}/system/ajax`;
const UNTRUSTED_URL = 'https://evil.test/system/ajax';
const FORM_ID = 'bt-leads-share-submit-rc-core-order-share';
const CONFIRMATION = '<div class="share-form__sent" role="status"><p>Sent!</p><img src="x" onerror="window.ran = true"><script>window.ran = true</script></div>';
const FAILURE = { status: 500, statusText: 'Internal Server Error', uri: LOCAL_URL, responseText: '<h1>Broken</h1><p>Try later</p>', readyState: 4 };
const NO_ANSWER = { status: 0, statusText: 'error', uri: LOCAL_URL, responseText: '', customMessage: 'Failed to fetch', readyState: 0 };

const fields: Array<[string, string]> = [];
const requested = (url: string, standing: 'local' | 'trusted' | 'untrusted', via: string): ModelEvent => ({ type: 'ajax.requested', url, standing, fields, via });

function ajaxEvents(snapshot: AjaxSnapshot): ModelEvent[] {
  if (snapshot.matches('running')) {
    return [
      { type: 'ajax.answered', commands: [{ command: 'insert', method: 'replaceWith', selector: `#${FORM_ID}`, data: CONFIRMATION }], verification: null, via: 'the server answers an insert command without the verification header' },
      { type: 'ajax.answered', commands: [{ command: 'insert', method: 'replaceWith', selector: `#${FORM_ID}`, data: CONFIRMATION }], verification: '1', via: "the server answers an insert command with the verification header '1'" },
      { type: 'ajax.http.failed', failure: FAILURE, unloading: false, via: 'the server answers 500' },
      { type: 'ajax.http.failed', failure: FAILURE, unloading: true, via: 'the server answers 500 while the page unloads' },
      { type: 'ajax.aborted', failure: NO_ANSWER, via: 'the request gets no answer' },
      { type: 'ajax.threw', message: 'Unexpected token <', via: 'the answer is not JSON' },
      requested(LOCAL_URL, 'local', 'submits again while the request runs'),
    ];
  }
  const asks = [
    requested(LOCAL_URL, 'local', 'submits the form to system/ajax'),
    requested(TRUSTED_URL, 'trusted', 'submits the form to a trusted origin'),
    requested(UNTRUSTED_URL, 'untrusted', 'submits the form to a URL neither local nor trusted'),
  ];
  if (snapshot.matches('applied')) return [...asks, { type: 'ajax.threw', message: 'The command invoke cannot call eval', via: 'a command of the answer cannot be carried out' }];
  return asks;
}

const model = createTestModel(cmsAjaxMachine, {
  events: ajaxEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, local: snapshot.context.local, message: snapshot.context.message }),
});
const coverage = new ModelCoverage(cmsAjaxMachine);

/** A share form in the page, sent by the real client; the server, the alerts and the console are played by the test. */
function ajaxDriver(): PathDriver<AjaxSnapshot, AjaxEvent> {
  let client: CmsAjaxClient | null = null;
  let form: HTMLFormElement | null = null;
  const posts: Array<{ url: string; body: URLSearchParams; reply: Subject<Result> }> = [];
  const alerts: string[] = [];
  const logs: string[] = [];
  let completed: boolean[] = [];
  return {
    start: () => {
      posts.length = 0;
      alerts.length = 0;
      logs.length = 0;
      completed = [];
      (window as unknown as { ran?: boolean }).ran = false;
      document.body.innerHTML = `<main id="main"><form id="${FORM_ID}"><input name="email" value="ana@example.com"><button type="submit">Send</button></form></main>`;
      form = document.querySelector('form');
      client = createCmsAjaxClient(form as HTMLFormElement, {
        trustedOrigins: [TRUSTED],
        inspect: coverage.inspect,
        effects: {
          post: (url, body) => {
            const reply = new Subject<Result>();
            posts.push({ url, body, reply });
            return reply;
          },
          alert: (text) => alerts.push(text),
          log: (text) => logs.push(text),
        },
      });
      client.onCompleted((ok) => completed.push(ok));
    },
    perform: (event) => {
      const ajax = client as CmsAjaxClient;
      switch (event.type) {
        case 'ajax.requested': {
          const before = posts.length;
          ajax.submit(form as HTMLFormElement, event.url);
          if (event.standing !== 'untrusted' && !ajax.actor.getSnapshot().matches('running')) return;
          if (event.standing === 'untrusted' || posts.length === before) return;
          // Spec §7 payload: the form's fields and form_id, the page state and js=true.
          const body = posts.at(-1)?.body as URLSearchParams;
          expect(body.get('email')).toBe('ana@example.com');
          expect(body.get('form_id')).toBe(FORM_ID);
          expect(body.getAll('ajax_html_ids[]')).toEqual([...document.querySelectorAll('[id]')].map((element) => element.id));
          expect(body.getAll('ajax_html_ids[]')).toContain('main');
          expect(body.get('ajax_page_state[theme]')).toBe('rescms');
          expect(body.has('ajax_page_state[theme_token]')).toBe(true);
          expect(body.has('ajax_page_state[jquery_version]')).toBe(true);
          expect(body.get('js')).toBe('true');
          return;
        }
        case 'ajax.threw':
          // In applied: the only way is a command the page cannot carry out, which the client reports itself.
          if (ajax.actor.getSnapshot().matches('applied')) ajax.actor.send(event);
          else posts.at(-1)?.reply.next(event);
          return;
        case 'ajax.http.failed':
          // The visitor leaves the page as the error arrives: no alert then.
          if (event.unloading) window.dispatchEvent(new Event('pagehide'));
          posts.at(-1)?.reply.next(event);
          window.dispatchEvent(new Event('pageshow'));
          return;
        default:
          posts.at(-1)?.reply.next(event);
      }
    },
    expectState: (state) => {
      const real = (client as CmsAjaxClient).actor.getSnapshot();
      expect(real.value).toEqual(state.value);
      // Spec §8: 'Please wait...' while the request runs, and only then.
      const progress = (form as HTMLFormElement).querySelector('.ajax-progress');
      expect(progress?.textContent ?? null).toBe(state.matches('running') ? PLEASE_WAIT : null);
      expect((window as unknown as { ran?: boolean }).ran).toBe(false);
      if (state.matches('applied')) {
        // The insert replaced the form with the sanitized confirmation.
        expect(document.querySelector('form')).toBeNull();
        expect(document.querySelector('.share-form__sent')?.textContent).toBe('Sent!');
        expect(document.querySelector('script, [onerror]')).toBeNull();
        expect(completed.at(-1)).toBe(true);
      }
      if (state.matches('failed')) {
        const message = state.context.message;
        if (message.startsWith('The callback URL') || message === VERIFICATION_FAILED || (message.startsWith('An AJAX HTTP error') && !alerts.includes(message))) {
          expect(logs.at(-1)).toBe(message);
        } else {
          expect(alerts.at(-1)).toBe(message);
        }
        if (message.startsWith('The callback URL')) expect(message).toBe(`The callback URL is not local and not trusted: ${UNTRUSTED_URL}`);
        if (message.startsWith('An AJAX HTTP error')) {
          expect(message).toBe(
            'An AJAX HTTP error occurred.\nHTTP Result Code: 500\nDebugging information follows.\nPath: /system/ajax\nStatusText: Internal Server Error\nCustomMessage: \nResponseText: Broken Try later',
          );
        }
        if (message.startsWith('An AJAX HTTP request terminated')) {
          expect(message).toBe(
            'An AJAX HTTP request terminated abnormally.\nDebugging information follows.\nPath: /system/ajax\nStatusText: error\nCustomMessage: Failed to fetch\nResponseText: \nReadyState: 0',
          );
        }
        if (message.startsWith('An error occurred')) expect(message).toMatch(/^An error occurred while attempting to process (\/system\/ajax|https:\/\/partner\.test\/system\/ajax): /);
        // The request ended in failure (a command that failed after an answer was applied ends nothing new).
        expect(completed.at(-1)).toBe(message.includes('cannot call'));
      }
    },
    stop: () => {
      client?.dispose();
      document.body.innerHTML = '';
    },
  };
}

const titleOf = (path: PlannedPath<AjaxSnapshot, AjaxEvent>) => {
  const events = path.steps.slice(1).map((step) => (step.event as Partial<ModelEvent>).via);
  const end = JSON.stringify(path.state.value);
  return events.length ? `reaches ${end}: ${events.join(' → ')}` : `starts in ${end}`;
};

describe('CMS asynchronous request machine, walked through the real client on a form', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, cmsAjaxMachine);
  it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, ajaxDriver());
  });
});
