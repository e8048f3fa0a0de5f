import { assign, emit, setup } from 'xstate';

export interface LazyPlaceholderContext {
  /** Where its HTML comes from (spec §7: GET {data-bto-jump-select url}). */
  url: string;
  /** The HTML that replaced the placeholder (the view sanitizes it). */
  html: string;
  message: string;
}

export type LazyPlaceholderEvent =
  /** The block has come into view (80px margin, spec §9). */
  | { type: 'placeholder.seen' }
  | { type: 'placeholder.loaded'; html: string }
  | { type: 'placeholder.failed'; message: string }
  | { type: 'placeholder.retried' };

export type LazyPlaceholderEmitted = { type: 'placeholder.fetch'; url: string };

/**
 * A lazy placeholder block (spec §2, §4 Lazy content, §7): it waits until it is visible, then
 * fetches its HTML and is replaced by it; a failure says so with Try again.
 */
export const lazyPlaceholderMachine = setup({
  types: { context: {} as LazyPlaceholderContext, events: {} as LazyPlaceholderEvent, emitted: {} as LazyPlaceholderEmitted, input: {} as { url: string } },
  actions: {
    fetch: emit(({ context }) => ({ type: 'placeholder.fetch' as const, url: context.url })),
    show: assign(({ event }) => (event.type === 'placeholder.loaded' ? { html: event.html, message: '' } : {})),
    fail: assign(({ event }) => (event.type === 'placeholder.failed' ? { message: event.message } : {})),
  },
}).createMachine({
  id: 'lazyPlaceholder',
  context: ({ input }) => ({ url: input.url, html: '', message: '' }),
  initial: 'waiting',
  states: {
    waiting: { on: { 'placeholder.seen': { target: 'loading', actions: 'fetch' } } },
    loading: {
      tags: ['pending'],
      on: {
        'placeholder.loaded': { target: 'shown', actions: 'show' },
        'placeholder.failed': { target: 'failed', actions: 'fail' },
      },
    },
    shown: { type: 'final' },
    failed: { on: { 'placeholder.retried': { target: 'loading', actions: 'fetch' } } },
  },
});
