import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { QuotePreview } from '@/domain/owner/owner-api';
import { addDays, stayDayAt } from '@/domain/pricing/dates';
import { ownerQuotePreviewMachine } from '@/machines/owner-quote-preview-machine';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { EDITOR_EID, listingDocument, mountLoadedEditor, stubOwnerApi, answerAndWait } from './owner-harness';

type QuoteSnapshot = SnapshotFrom<typeof ownerQuotePreviewMachine>;
type QuoteEvent = EventFrom<typeof ownerQuotePreviewMachine>;

/** A day this many days after today (the stay calendar's day): the samples hold on any day. */
const day = (days: number): string => addDays(stayDayAt(Date.now()), days) as string;
const summary = (totalCents: number, problem: string | null = null) => ({ totalCents, rentCents: totalCents, lines: [], problem });
const PREVIEW: QuotePreview = {
  currency: 'USD',
  samples: [
    { id: 'weekend', label: 'A weekend', begin: day(14), end: day(16), nights: 2, guests: 2, before: summary(30_000), after: summary(32_000) },
    { id: 'week', label: 'A week', begin: day(17), end: day(24), nights: 7, guests: 2, before: summary(105_000), after: summary(100_000) },
    { id: 'month', label: 'A month', begin: day(40), end: day(70), nights: 30, guests: 2, before: summary(400_000), after: summary(400_000, 'Minimum stay 31 nights') },
  ],
};
const FAILED = 'The server did not answer. Check the connection and try again.';

const events: Array<Via<QuoteEvent>> = [
  { type: 'quotes.requested', document: listingDocument(), via: "presses 'Compare sample quotes'" },
  { type: 'quotes.received', preview: PREVIEW, via: 'the server prices the samples' },
  { type: 'quotes.failed', message: FAILED, via: 'the server fails (500)' },
  { type: 'quotes.retried', via: "presses 'Try again'" },
];

const coverage = new ModelCoverage(ownerQuotePreviewMachine);
const url = `/admin/api/listings/${EDITOR_EID}/quote-preview`;

function quoteDriver(): PathDriver<QuoteSnapshot, QuoteEvent> {
  let api = stubOwnerApi();
  let user: UserEvent = userEvent.setup();
  let unmount = () => {};
  const answer = async (status: number, body: unknown) => {
    return answerAndWait(api, `POST ${url}`, status, body, coverage);
  };
  return {
    start: async () => {
      api = stubOwnerApi();
      user = userEvent.setup();
      unmount = await mountLoadedEditor(coverage, api);
    },
    perform: async (event) => {
      if (event.type === 'quotes.requested') {
        await user.click(screen.getByRole('button', { name: /^Compare / }));
        // The draft as typed is what is priced.
        expect((api.last(`POST ${url}`).body as { document: { name: string } }).document.name).toBe(event.document.name);
        return;
      }
      if (event.type === 'quotes.retried') return user.click(screen.getByRole('button', { name: 'Try again' }));
      if (event.type === 'quotes.received') return answer(200, event.preview);
      return answer(500, { error: 'server', message: 'boom' });
    },
    expectState: async (state) => {
      const button = screen.getByRole('button', { name: /^Compare / });
      expect(button.hasAttribute('data-pending')).toBe(state.matches('loading'));
      if (state.matches('idle')) expect(button.textContent).toBe('Compare sample quotes');
      if (state.matches('failed')) expect((await screen.findByRole('alert')).textContent).toContain(FAILED);
      if (state.matches('ready')) {
        const table = screen.getByRole('table', { name: 'Sample stays: published rates and your draft' });
        const rows = within(table).getAllByRole('row');
        expect(rows).toHaveLength(PREVIEW.samples.length + 1);
        expect(rows[1]?.textContent).toContain('$300.00');
        expect(rows[1]?.textContent).toContain('$320.00');
        expect(rows[1]?.textContent).toContain('+$20.00');
        expect(rows[2]?.textContent).toContain('−$50.00');
        expect(rows[3]?.textContent).toContain('Minimum stay 31 nights');
      }
    },
    stop: () => unmount(),
  };
}

describe('owner quote preview machine, walked through the editor’s Rates & fees section', () => {
  afterAll(() => {
    coverage.write();
  });
  const model = createTestModel(ownerQuotePreviewMachine, {
    input: { eid: EDITOR_EID },
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.preview !== null]),
  });
  const paths = planPaths(model, ownerQuotePreviewMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, quoteDriver());
  });
});
