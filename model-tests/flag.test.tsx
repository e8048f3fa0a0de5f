import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { wireEffects } from '@/app/wire-effects';
import { FLAG_COOKIE_NAME } from '@/domain/flag-items';
import { favouritesMachine } from '@/machines/favourites-machine';
import { flagMachine } from '@/machines/flag-machine';
import { writeFlagCookie } from '@/persistence/flag-cookie';
import { favouritesViewPath } from '@/domain/search/search-params';
import { FavouritesCounter } from '@/views/flag/favourites-counter';
import { FlagButton } from '@/views/flag/flag-button';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';

type FlagSnapshot = SnapshotFrom<typeof flagMachine>;
type FlagEvent = EventFrom<typeof flagMachine>;

const ITEM = 'chc1-listings-1001';
/** Two flag buttons of the same item, as on a listing card and its map pop-up. */
const BUTTON = 'Seaside Cottage';
const PEER = 'Seaside Cottage (map)';
const { text, classes } = siteSettings.flag;

const coverage = new ModelCoverage(flagMachine);

/**
 * The model to walk. `notifyFavourites` is `sendParent`, and the graph walker runs the machine
 * without a parent, so the model gets a stand-in that does nothing; the real buttons below run
 * the real machine under the real favourites actor, and coverage is counted on those.
 */
const walkedFlagMachine = flagMachine.provide({ actions: { notifyFavourites: () => {} } });

/**
 * One flag button (the model's actor) with a second button of the same item and the header
 * counter, connected to the favourites cookie by wireEffects. `flag.clicked` is a click on the
 * button; `flag.synced` comes from the favourites actor when the list changes elsewhere: here
 * another tab rewrites the cookie and the visitor comes back to this one (window focus).
 */
function flagDriver(initiallyFlagged: boolean): PathDriver<FlagSnapshot, FlagEvent> {
  let site: MountedSite | null = null;
  let dispose = () => {};
  let user: UserEvent = userEvent.setup();
  const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^(${text.flag}|${text.unflag}): ${name.replace(/[()]/g, '\\$&')}$`) });
  return {
    start: () => {
      user = userEvent.setup();
      // The server rendered the page from the same cookie.
      if (initiallyFlagged) writeFlagCookie([ITEM]);
      const page = pageSettings({ flagged: initiallyFlagged ? [ITEM] : [] });
      const favourites = createActor(favouritesMachine, {
        input: { namespace: page.settings.flag.namespace, items: page.flagged },
        inspect: coverage.inspect,
      }).start();
      const actors = siteActorsWith(page, 'favourites', favourites);
      dispose = wireEffects(actors, page);
      site = mountSite(
        <>
          <FavouritesCounter />
          <FlagButton itemId={ITEM} itemName={BUTTON} />
          <FlagButton itemId={ITEM} itemName={PEER} />
        </>,
        page,
        actors,
      );
    },
    perform: async (event) => {
      if (event.type === 'flag.clicked') return user.click(button(BUTTON));
      writeFlagCookie(event.flagged ? [ITEM] : []);
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
    },
    expectState: (state) => {
      const flagged = state.matches('flagged');
      const children = Object.values(site?.actors.favourites.getSnapshot().children ?? {}) as Array<ActorRefFrom<typeof flagMachine>>;
      expect(children).toHaveLength(2);
      for (const child of children) expect(child.getSnapshot().value).toEqual(state.value);
      for (const name of [BUTTON, PEER]) {
        const element = button(name);
        expect(element.getAttribute('aria-label')).toBe(`${flagged ? text.unflag : text.flag}: ${name}`);
        expect(element.textContent).toBe(flagged ? text.unflag : text.flag);
        expect(element.getAttribute('aria-pressed')).toBe(String(flagged));
        expect(element.classList.contains(flagged ? classes.unflag : classes.flag)).toBe(true);
        expect(element.classList.contains(flagged ? classes.flag : classes.unflag)).toBe(false);
      }
      const counter = screen.getByRole('link', { name: /Favourites/ });
      expect(counter.getAttribute('data-count')).toBe(flagged ? '1' : '0');
      // Spec §2 Favourites view: the counter leads to {path}#q={key}:({id1} OR …).
      expect(counter.getAttribute('href')).toBe(favouritesViewPath(siteSettings.flag.path, siteSettings.flag.key, flagged ? [ITEM] : []));
      expect(JSON.parse(Cookies.get(FLAG_COOKIE_NAME) ?? '[]')).toEqual(flagged ? [ITEM] : []);
    },
    stop: () => {
      dispose();
      site?.unmount();
    },
  };
}

describe('flag machine, walked through two flag buttons of one item, the counter and the cookie', () => {
  afterAll(() => {
    coverage.write();
  });

  for (const initiallyFlagged of [false, true]) {
    describe(initiallyFlagged ? 'on a page whose visitor had flagged the item' : 'on a page whose visitor had not flagged the item', () => {
      const model = createTestModel(walkedFlagMachine, {
        input: { itemId: ITEM, buttonId: 'button', flagged: initiallyFlagged },
        events: [
          { type: 'flag.synced', flagged: true },
          { type: 'flag.synced', flagged: false },
        ],
        filterEvents: (snapshot, event) => snapshot.can(event),
      });
      const paths = planPaths(model, walkedFlagMachine);
      it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
        await runPath(path, coverage, flagDriver(initiallyFlagged));
      });
    });
  }
});
