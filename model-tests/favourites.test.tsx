import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createActor, type ActorRefFrom, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { wireEffects } from '@/app/wire-effects';
import { FLAG_COOKIE_NAME, MAX_FLAG_ITEMS } from '@/domain/flag-items';
import { favouritesMachine } from '@/machines/favourites-machine';
import type { flagMachine } from '@/machines/flag-machine';
import { writeFlagCookie } from '@/persistence/flag-cookie';
import { FavouritesCounter } from '@/views/flag/favourites-counter';
import { FlagButton } from '@/views/flag/flag-button';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';

type FavouritesSnapshot = SnapshotFrom<typeof favouritesMachine>;
type FavouritesEvent = EventFrom<typeof favouritesMachine>;

const COTTAGE = 'chc1-listings-1001';
const DUNES = 'chc1-listings-1002';
/** Flag buttons a page can show: two of one item (list card and map pop-up), one of another. */
const BUTTONS: Record<string, { itemId: string; name: string }> = {
  card: { itemId: COTTAGE, name: 'Seaside Cottage' },
  popup: { itemId: COTTAGE, name: 'Seaside Cottage (map)' },
  other: { itemId: DUNES, name: 'Dune House' },
};
/** A list that is already full, flagged in another tab. */
const FULL = Array.from({ length: MAX_FLAG_ITEMS }, (_, i) => `chc1-listings-${2000 + i}`);
const { text } = siteSettings.flag;

const coverage = new ModelCoverage(favouritesMachine);

/**
 * What a visitor (or the page) can do: a flag button appears or goes, a visible button is
 * clicked (so `flagged` is the opposite of what it shows), and the list changes in another tab.
 */
const events: FavouritesEvent[] = [
  ...Object.entries(BUTTONS).flatMap(([buttonId, { itemId }]) => [
    { type: 'flag.button.registered' as const, buttonId, itemId },
    { type: 'flag.button.unregistered' as const, buttonId },
    { type: 'flag.toggled' as const, buttonId, itemId, flagged: true },
    { type: 'flag.toggled' as const, buttonId, itemId, flagged: false },
  ]),
  { type: 'favourites.restored', items: [] },
  { type: 'favourites.restored', items: [DUNES] },
  { type: 'favourites.restored', items: FULL },
];

function canHappen(snapshot: FavouritesSnapshot, event: FavouritesEvent): boolean {
  const { buttons, items } = snapshot.context;
  switch (event.type) {
    case 'flag.button.registered':
      return !(event.buttonId in buttons);
    case 'flag.button.unregistered':
      return event.buttonId in buttons;
    case 'flag.toggled':
      return buttons[event.buttonId] === event.itemId && event.flagged === !items.includes(event.itemId);
    case 'favourites.restored':
      // The cookie module only reports a list that differs from the one the page has.
      return event.items.join('\n') !== items.join('\n');
  }
}

const model = createTestModel(favouritesMachine, {
  input: { namespace: siteSettings.flag.namespace, items: [] },
  events,
  filterEvents: canHappen,
});

function FlagButtons({ buttonIds }: { buttonIds: string[] }) {
  return (
    <>
      <FavouritesCounter />
      {buttonIds.map((buttonId) => {
        const button = BUTTONS[buttonId] as { itemId: string; name: string };
        return <FlagButton key={buttonId} itemId={button.itemId} itemName={button.name} />;
      })}
    </>
  );
}

/** The favourites actor with the flag buttons a page shows, the header counter and the cookie (wireEffects). */
function favouritesDriver(): PathDriver<FavouritesSnapshot, FavouritesEvent> {
  let site: MountedSite | null = null;
  let dispose = () => {};
  let user: UserEvent = userEvent.setup();
  let warn: MockInstance<typeof console.warn> | null = null;
  let shown: string[] = [];
  const show = (buttonIds: string[]) => {
    shown = buttonIds;
    site?.rerender(<FlagButtons buttonIds={shown} />);
  };
  return {
    start: () => {
      user = userEvent.setup();
      warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const page = pageSettings();
      const favourites = createActor(favouritesMachine, {
        input: { namespace: page.settings.flag.namespace, items: page.flagged },
        inspect: coverage.inspect,
      }).start();
      const actors = siteActorsWith(page, 'favourites', favourites);
      dispose = wireEffects(actors, page);
      shown = [];
      site = mountSite(<FlagButtons buttonIds={shown} />, page, actors);
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'flag.button.registered':
          return show([...shown, event.buttonId]);
        case 'flag.button.unregistered':
          return show(shown.filter((id) => id !== event.buttonId));
        case 'flag.toggled': {
          const { name } = BUTTONS[event.buttonId] as { name: string };
          warn?.mockClear();
          await user.click(screen.getByRole('button', { name: `${event.flagged ? text.flag : text.unflag}: ${name}` }));
          // The model says whether the list was full; the visitor is then told so (logged for now).
          const rejected = favouritesMachine.getTransitionData(before, event).some((t) => t.actions.includes('rejectToggle'));
          if (rejected) expect(warn).toHaveBeenCalledWith(`Favourites are full: at most ${MAX_FLAG_ITEMS} items can be kept.`);
          else expect(warn).not.toHaveBeenCalled();
          return;
        }
        case 'favourites.restored':
          writeFlagCookie(event.items);
          act(() => {
            window.dispatchEvent(new Event('focus'));
          });
      }
    },
    expectState: (state) => {
      const { items, buttons } = state.context;
      const real = site?.actors.favourites.getSnapshot();
      expect(real?.value).toEqual(state.value);
      expect(real?.context.items).toEqual(items);
      expect(Object.values(real?.context.buttons ?? {}).sort()).toEqual(Object.values(buttons).sort());
      // Every button shows whether its item is in the list, and its flag actor agrees.
      const children = Object.values(real?.children ?? {}) as Array<ActorRefFrom<typeof flagMachine>>;
      expect(children).toHaveLength(Object.keys(buttons).length);
      for (const child of children) {
        expect(child.getSnapshot().value).toBe(items.includes(child.getSnapshot().context.itemId) ? 'flagged' : 'unflagged');
      }
      expect(screen.queryAllByRole('button', { name: new RegExp(`^(${text.flag}|${text.unflag}): `) })).toHaveLength(Object.keys(buttons).length);
      for (const [buttonId, itemId] of Object.entries(buttons)) {
        const flagged = items.includes(itemId);
        const { name } = BUTTONS[buttonId] as { name: string };
        const button = screen.getByRole('button', { name: `${flagged ? text.unflag : text.flag}: ${name}` });
        expect(button.getAttribute('aria-pressed')).toBe(String(flagged));
      }
      const counter = screen.getByRole('link', { name: /Favourites/ });
      expect(counter.getAttribute('data-count')).toBe(String(items.length));
      expect(counter.querySelector('[aria-live]')?.getAttribute('aria-label')).toBe(
        `${items.length} ${items.length === 1 ? 'favourite' : 'favourites'}`,
      );
      // The cookie keeps the list for the next page (spec §3 Flag options).
      expect(JSON.parse(Cookies.get(FLAG_COOKIE_NAME) ?? '[]')).toEqual(items);
    },
    stop: () => {
      dispose();
      site?.unmount();
      warn?.mockRestore();
    },
  };
}

describe('favourites machine, walked through flag buttons coming and going, clicks, the counter and the cookie', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, favouritesMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, favouritesDriver());
  });
});
