import { setup } from 'xstate';

/** The mobile menu toggle (spec §2, §4 Page elements): expands and collapses the navigation. */
export const menuMachine = setup({
  types: { events: {} as { type: 'menu.toggled' } | { type: 'menu.closed' } },
}).createMachine({
  id: 'menu',
  initial: 'collapsed',
  states: {
    collapsed: { on: { 'menu.toggled': 'expanded' } },
    expanded: { on: { 'menu.toggled': 'collapsed', 'menu.closed': 'collapsed' } },
  },
});
