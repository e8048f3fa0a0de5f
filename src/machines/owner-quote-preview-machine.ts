import { assign, emit, setup } from 'xstate';
import type { ListingContent } from '@/domain/owner/listing-content';
import type { QuotePreview } from '@/domain/owner/owner-api';

export interface OwnerQuotePreviewContext {
  eid: number;
  preview: QuotePreview | null;
  message: string;
  /** The document last asked about (Try again asks about it again). */
  document: ListingContent | null;
}

export type OwnerQuotePreviewEvent =
  | { type: 'quotes.requested'; document: ListingContent }
  | { type: 'quotes.received'; preview: QuotePreview }
  | { type: 'quotes.failed'; message: string }
  | { type: 'quotes.retried' };

export type OwnerQuotePreviewEmitted = { type: 'quotes.fetch.requested'; eid: number; document: ListingContent };

/**
 * The quotes of sample stays (a weekend, a week, a month, the next holiday) under the published
 * rates and under the draft's, side by side: asked for when the owner opens the preview.
 */
export const ownerQuotePreviewMachine = setup({
  types: { input: {} as { eid: number }, context: {} as OwnerQuotePreviewContext, events: {} as OwnerQuotePreviewEvent, emitted: {} as OwnerQuotePreviewEmitted },
  actions: {
    remember: assign(({ event }) => (event.type === 'quotes.requested' ? { document: event.document, message: '' } : {})),
    fetch: emit(({ context }) => ({ type: 'quotes.fetch.requested' as const, eid: context.eid, document: context.document as ListingContent })),
    keep: assign(({ event }) => (event.type === 'quotes.received' ? { preview: event.preview } : {})),
    fail: assign(({ event }) => (event.type === 'quotes.failed' ? { message: event.message } : {})),
  },
}).createMachine({
  id: 'ownerQuotePreview',
  context: ({ input }) => ({ eid: input.eid, preview: null, message: '', document: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'quotes.requested': { target: 'loading', actions: ['remember', 'fetch'] } } },
    loading: {
      tags: ['pending'],
      on: {
        'quotes.received': { target: 'ready', actions: 'keep' },
        'quotes.failed': { target: 'failed', actions: 'fail' },
      },
    },
    ready: { on: { 'quotes.requested': { target: 'loading', actions: ['remember', 'fetch'] } } },
    failed: {
      on: {
        'quotes.retried': { target: 'loading', actions: 'fetch' },
        'quotes.requested': { target: 'loading', actions: ['remember', 'fetch'] },
      },
    },
  },
});
