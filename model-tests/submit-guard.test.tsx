import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { guardSubmit } from '@/bindings/submit-guard';
import { ASYNC_SUBMITTED_EVENT } from '@/domain/lead-forms';
import { submitGuardMachine } from '@/machines/submit-guard-machine';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';

type GuardSnapshot = SnapshotFrom<typeof submitGuardMachine>;
type GuardEvent = EventFrom<typeof submitGuardMachine>;

/** Two different entries of the same form: the visitor types one or the other and presses Send. */
const ENTRIES: Record<string, string> = { 'email=ana%40example.com': 'ana@example.com', 'email=ben%40example.org': 'ben@example.org' };

const coverage = new ModelCoverage(submitGuardMachine);
const model = createTestModel(submitGuardMachine, {
  events: [...Object.keys(ENTRIES).map((data) => ({ type: 'form.submitted' as const, data })), { type: 'form.async.completed' as const }],
  filterEvents: (snapshot, event) => snapshot.can(event),
});

/**
 * A real POST form with guardSubmit on it, as a lead form has: a listener after the guard (the
 * form's own submit handler) counts the submits that got through.
 */
function guardDriver(): PathDriver<GuardSnapshot, GuardEvent> {
  let form: HTMLFormElement | null = null;
  let cleanup = () => {};
  let reached = 0;
  let expected = 0;
  return {
    start: () => {
      document.body.innerHTML = '<form method="post" action="/bt-leads/submit/bt-leads-newsletter"><label for="e">Email</label><input id="e" name="email"><button type="submit">Subscribe</button></form>';
      form = document.querySelector('form');
      reached = 0;
      expected = 0;
      form?.addEventListener('submit', (event) => {
        event.preventDefault();
        reached++;
      });
      cleanup = guardSubmit(form as HTMLFormElement, coverage.inspect);
    },
    perform: (event, before) => {
      if (!form) throw new Error('no form');
      if (event.type === 'form.async.completed') {
        form.dispatchEvent(new CustomEvent(ASYNC_SUBMITTED_EVENT, { bubbles: true }));
        return;
      }
      (form.querySelector('input') as HTMLInputElement).value = ENTRIES[event.data] ?? '';
      form.requestSubmit(form.querySelector('button'));
      // Through unless it repeats the data of the last submit that went (and has not completed).
      if (!(before.matches('submitted') && before.context.last === event.data)) expected++;
    },
    expectState: () => {
      expect(reached).toBe(expected);
    },
    stop: () => {
      cleanup();
      document.body.innerHTML = '';
    },
  };
}

describe('form submit guard machine, walked through guardSubmit on a real form', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, submitGuardMachine, { everyEdge: true });
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, guardDriver());
  });

  it('leaves a GET form alone and does not count a submit someone else intercepted first', () => {
    document.body.innerHTML = '<form method="get" action="/search"><input name="q" value="dune"><button>Search</button></form><form id="p" method="post"><input name="q" value="x"><button>Send</button></form>';
    const [getForm, postForm] = [...document.querySelectorAll('form')] as HTMLFormElement[];
    let reached = 0;
    const count = (event: Event) => {
      event.preventDefault();
      reached++;
    };
    getForm!.addEventListener('submit', count);
    postForm!.addEventListener('submit', count);
    const cleanups = [guardSubmit(getForm!), guardSubmit(postForm!)];
    getForm!.requestSubmit();
    getForm!.requestSubmit();
    expect(reached).toBe(2);
    // The captcha intercepts the first submit (capture phase, before the guard): it is not counted.
    const intercept = (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    cleanups.forEach((cleanup) => cleanup());
    postForm!.addEventListener('submit', intercept, { capture: true });
    const guarded = guardSubmit(postForm!);
    postForm!.requestSubmit();
    postForm!.removeEventListener('submit', intercept, { capture: true });
    postForm!.requestSubmit();
    postForm!.requestSubmit();
    expect(reached).toBe(3);
    guarded();
    document.body.innerHTML = '';
  });
});
