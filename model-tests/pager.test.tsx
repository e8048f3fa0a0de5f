import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InspectProvider } from '@/bindings/inspect-context';
import { pagerMachine, type PagerInput } from '@/machines/pager-machine';
import { PagedList } from '@/views/ui/paged-list';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';

type PagerSnapshot = SnapshotFrom<typeof pagerMachine>;
type PagerEvent = EventFrom<typeof pagerMachine>;

const coverage = new ModelCoverage(pagerMachine);

/** Ten reviews-like items, three a page: four pages, the last with one item. */
const ITEMS = ['Anchor', 'Beacon', 'Cove', 'Dune', 'Estuary', 'Ferry', 'Gull', 'Harbour', 'Inlet', 'Jetty'];
const PAGE_SIZE = 3;
const pageCountOf = (items: readonly string[]) => Math.ceil(items.length / PAGE_SIZE);

/** The page's items and the title the pager shows for it: first and last caption. */
function expectedPage(items: readonly string[], page: number): { items: string[]; title: string } {
  const shown = items.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE);
  const first = shown[0] as string;
  const last = shown[shown.length - 1] as string;
  return { items: shown, title: first === last ? first : `${first} – ${last}` };
}

/** A paged list of `items` with the page `centre` marked, clicked through with user-event. */
function pagerDriver(items: readonly string[], centre: number): PathDriver<PagerSnapshot, PagerEvent> {
  let user: UserEvent = userEvent.setup();
  let unmount: (() => void) | null = null;
  const control = (name: string) => screen.getByRole('button', { name });
  return {
    start: () => {
      user = userEvent.setup();
      unmount = render(
        <InspectProvider inspect={coverage.inspect}>
          <PagedList items={items} pageSize={PAGE_SIZE} caption={(item) => item} label="Reviews" centre={centre}>
            {(page) => (
              <ul>
                {page.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </PagedList>
        </InspectProvider>,
      ).unmount;
    },
    perform: async (event) => {
      if (event.type === 'pager.next') return user.click(control('Next >>'));
      return user.click(control('<< Prev'));
    },
    expectState: (state) => {
      const { page, pageCount } = state.context;
      const expected = expectedPage(items, page);
      // Only the active page is shown; the others are in the document, hidden.
      const shown = screen.getAllByRole('listitem').map((item) => item.textContent);
      expect(shown).toEqual(expected.items);
      if (pageCount === 1) {
        expect(screen.queryByRole('navigation')).toBeNull();
        return;
      }
      const nav = screen.getByRole('navigation', { name: 'Reviews pages' });
      expect(within(nav).getByText(expected.title, { exact: false }).textContent).toBe(`${expected.title}, page ${page + 1} of ${pageCount}`);
      expect(control('<< Prev').getAttribute('aria-disabled')).toBe(String(state.matches('atStart')));
      expect(control('Next >>').getAttribute('aria-disabled')).toBe(String(state.matches('atEnd')));
      // A fade only once the visitor has moved (the first page shows at once).
      expect(nav.parentElement?.hasAttribute('data-moved')).toBe(state.context.moved);
    },
    stop: () => unmount?.(),
  };
}

/** Every start the centre mark gives: one page, the first, a middle one and the last. */
const STARTS: Array<{ name: string; items: readonly string[]; centre: number }> = [
  { name: 'one page', items: ITEMS.slice(0, 2), centre: 0 },
  { name: 'two pages', items: ITEMS.slice(0, 5), centre: 0 },
  { name: 'centre on the first page', items: ITEMS, centre: 0 },
  { name: 'centre on the second page', items: ITEMS, centre: 1 },
  { name: 'centre on the last page', items: ITEMS, centre: 3 },
];

describe('pager machine, walked through a paged list', () => {
  afterAll(() => coverage.write());

  for (const start of STARTS) {
    const input: PagerInput = { pageCount: pageCountOf(start.items), centre: start.centre };
    const model = createTestModel(pagerMachine, {
      input,
      filterEvents: (snapshot, event) => snapshot.can(event),
      serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.page, snapshot.context.moved]),
    });
    describe(start.name, () => {
      for (const path of planPaths(model, pagerMachine)) {
        it(path.description, async () => {
          await runPath(path, coverage, pagerDriver(start.items, start.centre));
        });
      }
    });
  }

  it('a centre mark out of range shows the first page', () => {
    render(
      <PagedList items={ITEMS} pageSize={PAGE_SIZE} caption={(item) => item} label="Events" centre={9}>
        {(page) => <p>{page.join(', ')}</p>}
      </PagedList>,
    );
    expect(screen.getByText('Anchor, Beacon, Cove')).toBeTruthy();
    expect(screen.getByRole('button', { name: '<< Prev' }).getAttribute('aria-disabled')).toBe('true');
  });
});
