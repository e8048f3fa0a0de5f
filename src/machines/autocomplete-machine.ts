import { assign, emit, setup } from 'xstate';
import { shouldAutocomplete } from '@/domain/search/autocomplete';

/**
 * Search box autocomplete (spec §5, §9): suggestions from 2 characters, none while the input
 * ends in a space, at most 10. Replies to older input are ignored.
 */
export const autocompleteMachine = setup({
  types: {
    context: {} as { text: string; suggestions: string[] },
    events: {} as
      | { type: 'autocomplete.input.changed'; text: string }
      | { type: 'autocomplete.suggestions.received'; text: string; suggestions: string[] }
      | { type: 'autocomplete.failed'; text: string },
    emitted: {} as { type: 'autocomplete.requested'; text: string },
  },
  guards: {
    wantsSuggestions: ({ event }) => event.type === 'autocomplete.input.changed' && shouldAutocomplete(event.text),
    isCurrentReply: ({ context, event }) =>
      (event.type === 'autocomplete.suggestions.received' || event.type === 'autocomplete.failed') && event.text === context.text,
  },
  actions: {
    storeText: assign({ text: ({ event, context }) => (event.type === 'autocomplete.input.changed' ? event.text : context.text) }),
    clearSuggestions: assign({ suggestions: [] }),
    storeSuggestions: assign({
      suggestions: ({ event, context }) =>
        event.type === 'autocomplete.suggestions.received' ? event.suggestions.slice(0, 10) : context.suggestions,
    }),
    requestSuggestions: emit(({ context }) => ({ type: 'autocomplete.requested' as const, text: context.text })),
  },
}).createMachine({
  id: 'autocomplete',
  context: { text: '', suggestions: [] },
  initial: 'idle',
  on: {
    'autocomplete.input.changed': [
      { guard: 'wantsSuggestions', target: '.loading', reenter: true, actions: 'storeText' },
      { target: '.idle', actions: ['storeText', 'clearSuggestions'] },
    ],
  },
  states: {
    idle: {},
    loading: {
      tags: ['pending'],
      entry: 'requestSuggestions',
      on: {
        'autocomplete.suggestions.received': { guard: 'isCurrentReply', target: 'showing', actions: 'storeSuggestions' },
        'autocomplete.failed': { guard: 'isCurrentReply', target: 'idle', actions: 'clearSuggestions' },
      },
    },
    showing: {},
  },
});
