import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { SearchProvider } from '@/bindings/search-context';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { AUTOCOMPLETE_LIMIT } from '@/domain/search/autocomplete';
import { autocompleteMachine } from '@/machines/autocomplete-machine';
import { searchMachine } from '@/machines/search-machine';
import { SearchBox } from '@/views/search/search-box';
import { ModelCoverage, planPaths, runPath, type PathDriver, type PlannedPath, type Via } from './coverage';
import { mountSite, pageSettings, siteSettings, type MountedSite } from './site-harness';

type AutocompleteSnapshot = SnapshotFrom<typeof autocompleteMachine>;
type AutocompleteEvent = EventFrom<typeof autocompleteMachine>;
type ModelEvent = Via<AutocompleteEvent>;

/** What the visitor types, one key at a time. */
const TYPED = 'sea g';
/**
 * Spec §5 / §9, for each text the search box can hold here: suggestions are asked for from 2
 * characters, and not while the text ends in a space.
 */
const ASKS_FOR_SUGGESTIONS: Record<string, boolean> = { '': false, s: false, se: true, sea: true, 'sea ': false, 'sea g': true };

/** The autocomplete endpoint's terms; 'se' and 'sea' match more than the 10 a visitor may see. */
const TERMS = [
  'sea glass',
  'sea glass cottage',
  'sea oats',
  'seabreeze',
  'seabright',
  'seaside',
  'seaview',
  'seahorse',
  'seaport',
  'seashell',
  'seagrass',
  'seawall',
  'secluded',
  'driftwood',
];
/** The endpoint's answer for a text, as it sends it (more than the limit, should it ignore it). */
const suggestionsFor = (text: string) => TERMS.filter((term) => term.startsWith(text.toLowerCase()));

const ANSWERS = 'the suggestions arrive';
const FAILS = 'the suggestions fail';
const LATE = 'late:';

/** A key the visitor presses in the search box: the next character of TYPED, or Backspace. */
function keystrokes(text: string): ModelEvent[] {
  const keys: ModelEvent[] = [];
  if (TYPED.startsWith(text) && text.length < TYPED.length) {
    const next = TYPED.slice(0, text.length + 1);
    keys.push({ type: 'autocomplete.input.changed', text: next, via: `types '${next.at(-1)}'` });
  }
  if (text !== '') keys.push({ type: 'autocomplete.input.changed', text: text.slice(0, -1), via: 'presses Backspace' });
  return keys;
}

/** Keys at any time; while suggestions are asked for, the endpoint answers or fails. */
function autocompleteEvents(snapshot: AutocompleteSnapshot): ModelEvent[] {
  const { text } = snapshot.context;
  const replies: ModelEvent[] = snapshot.matches('loading')
    ? [
        { type: 'autocomplete.suggestions.received', text, suggestions: suggestionsFor(text), via: ANSWERS },
        { type: 'autocomplete.failed', text, via: FAILS },
      ]
    : [];
  return [...keystrokes(text), ...replies];
}

const model = createTestModel(autocompleteMachine, {
  events: autocompleteEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
});

const coverage = new ModelCoverage(autocompleteMachine);

/**
 * For the assertions: queries without Testing Library's visibility check (jsdom computes styles
 * slowly); the search box and its suggestions hide nothing with CSS.
 */
const ALL = { hidden: true } as const;
const searchBox = () => screen.getByRole('combobox', { name: 'Search rentals' });

/**
 * The SearchBox in a SearchProvider given unconnected actors; the driver plays the suggestions
 * effect of search-context.tsx: it records each `autocomplete.requested` and answers it (or a
 * superseded one, late) when the path says so.
 */
function autocompleteDriver(): PathDriver<AutocompleteSnapshot, AutocompleteEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let autocomplete: Actor<typeof autocompleteMachine> | null = null;
  const requests: string[] = [];
  const actor = () => autocomplete as Actor<typeof autocompleteMachine>;

  return {
    start: () => {
      user = userEvent.setup();
      const page = pageSettings();
      const search = createActor(searchMachine, {
        input: { maxRows: siteSettings.search.max_rows, numvisible: siteSettings.search.numvisible, returnFullDocs: siteSettings.search.return_full_docs },
      }).start();
      autocomplete = createActor(autocompleteMachine, { inspect: coverage.inspect });
      autocomplete.on('autocomplete.requested', ({ text }) => requests.push(text));
      autocomplete.start();
      site = mountSite(
        <SearchProvider actors={{ search, autocomplete }}>
          <SearchBox />
        </SearchProvider>,
        page,
        createSiteActors(page, window.location.origin),
      );
    },
    perform: async (event, before) => {
      const via = (event as Partial<ModelEvent>).via ?? '';
      switch (event.type) {
        case 'autocomplete.input.changed': {
          const asked = requests.length;
          await user.type(searchBox(), event.text.length < before.context.text.length ? '{Backspace}' : (event.text.at(-1) as string));
          // Spec §5: only 2 characters or more, not ending in a space, are sent for suggestions.
          expect(requests.slice(asked)).toEqual(ASKS_FOR_SUGGESTIONS[event.text] ? [event.text] : []);
          return;
        }
        case 'autocomplete.suggestions.received':
        case 'autocomplete.failed': {
          const latest = requests.at(-1);
          if (via.startsWith(LATE)) {
            // A reply to text the visitor has typed past.
            expect(requests).toContain(event.text);
            expect(event.text).not.toBe(before.context.text);
          } else {
            expect(latest).toBe(event.text);
          }
          act(() =>
            actor().send(
              event.type === 'autocomplete.failed'
                ? { type: 'autocomplete.failed', text: event.text }
                : { type: 'autocomplete.suggestions.received', text: event.text, suggestions: suggestionsFor(event.text) },
            ),
          );
          return;
        }
      }
    },
    expectState: (state) => {
      const real = actor().getSnapshot();
      expect(real.value).toEqual(state.value);
      expect(real.context).toEqual(state.context);
      const { text, suggestions } = state.context;
      expect(searchBox()).toHaveProperty('value', text);
      // Spec §5: at most 10 suggestions; the ones of the last answer stay while the next loads.
      expect(suggestions.length).toBeLessThanOrEqual(AUTOCOMPLETE_LIMIT);
      const options = screen.queryAllByRole('option', ALL).map((option) => option.textContent);
      expect(options).toEqual(suggestions);
      if (suggestions.length > 0) {
        expect(searchBox().getAttribute('aria-expanded')).toBe('true');
        const listbox = screen.getByRole('listbox', ALL);
        expect(searchBox().getAttribute('aria-controls')).toBe(listbox.id);
        expect(within(listbox).getAllByRole('option', ALL)).toHaveLength(suggestions.length);
      }
    },
    stop: () => site?.unmount(),
  };
}

const titleOf = (path: PlannedPath<AutocompleteSnapshot, AutocompleteEvent>) => {
  const events = path.steps.slice(1).map((step) => (step.event as Partial<ModelEvent>).via);
  const end = JSON.stringify(path.state.value);
  return events.length ? `reaches ${end} with '${path.state.context.text}': ${events.join(' → ')}` : `starts in ${end}`;
};

describe('autocomplete machine, walked through the search box and the suggestions effect played by the test', () => {
  afterAll(() => {
    coverage.write();
  });

  describe('typing, deleting and the answers', () => {
    const paths = planPaths(model, autocompleteMachine);
    it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
      await runPath(path, coverage, autocompleteDriver());
    });
  });

  describe('replies to older text are ignored', () => {
    const type = (text: string): ModelEvent => ({ type: 'autocomplete.input.changed', text, via: `types '${text.at(-1)}'` });
    const backspace = (text: string): ModelEvent => ({ type: 'autocomplete.input.changed', text, via: 'presses Backspace' });
    const answer = (text: string, via = ANSWERS): ModelEvent => ({ type: 'autocomplete.suggestions.received', text, suggestions: suggestionsFor(text), via });
    const failure = (text: string, via = FAILS): ModelEvent => ({ type: 'autocomplete.failed', text, via });
    const scenarios: ModelEvent[][] = [
      // While the newer text loads, after it is shown, and after the visitor deleted back to one character.
      [type('s'), type('se'), type('sea'), answer('se', `${LATE} the suggestions for 'se' arrive`), answer('sea')],
      [type('s'), type('se'), type('sea'), failure('se', `${LATE} the suggestions for 'se' fail`), answer('sea')],
      [type('s'), type('se'), type('sea'), answer('sea'), answer('se', `${LATE} the suggestions for 'se' arrive`)],
      [type('s'), type('se'), backspace('s'), answer('se', `${LATE} the suggestions for 'se' arrive`)],
    ];
    const paths = scenarios.map((events) => {
      const [path] = model.getPathsFromEvents(events, {});
      if (!path) throw new Error('A late-reply scenario leaves the model');
      return { ...path, description: '' };
    });
    it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
      await runPath(path, coverage, autocompleteDriver());
    });
  });
});
