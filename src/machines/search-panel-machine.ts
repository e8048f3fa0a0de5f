import { setup } from 'xstate';

/** The off-canvas search panel (spec §2, §4 Page elements): its trigger toggles show-search / hide-search. */
export const searchPanelMachine = setup({
  types: { events: {} as { type: 'search.panel.toggled' } | { type: 'search.panel.closed' } },
}).createMachine({
  id: 'searchPanel',
  initial: 'hideSearch',
  states: {
    hideSearch: { on: { 'search.panel.toggled': 'showSearch' } },
    showSearch: { on: { 'search.panel.toggled': 'hideSearch', 'search.panel.closed': 'hideSearch' } },
  },
});
