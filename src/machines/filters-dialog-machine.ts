import { setup } from 'xstate';

/**
 * The phone search's filters dialog (issue 11: below 768 px the results come first and the facets
 * open in a dialog): the 'Filters' button opens it; 'Show N rentals', its Close button or Escape
 * closes it. Facet clicks inside it run the search as usual (the search machine).
 */
export const filtersDialogMachine = setup({
  types: { events: {} as { type: 'filters.opened' } | { type: 'filters.closed' } },
}).createMachine({
  id: 'filtersDialog',
  initial: 'closed',
  states: {
    closed: { on: { 'filters.opened': 'open' } },
    open: { on: { 'filters.closed': 'closed' } },
  },
});
