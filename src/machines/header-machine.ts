import { setup } from 'xstate';

/**
 * The page header (spec §4 Page elements): compact ('tiny') once the page is scrolled away
 * from the top, normal at the top. The scroll effect sends `header.scrolled` debounced by 100 ms.
 */
export const headerMachine = setup({
  types: {
    events: {} as { type: 'header.scrolled'; y: number },
  },
  guards: {
    isAwayFromTop: ({ event }) => event.y > 0,
    isAtTop: ({ event }) => event.y <= 0,
  },
}).createMachine({
  id: 'header',
  initial: 'normal',
  states: {
    normal: { on: { 'header.scrolled': { guard: 'isAwayFromTop', target: 'tiny' } } },
    tiny: { on: { 'header.scrolled': { guard: 'isAtTop', target: 'normal' } } },
  },
});
