import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';
import './statecharts.css';

/**
 * The state charts of every machine (issue 1), drawn on the server from the live definitions.
 * The page is static (its charts, tables and legend need no script), so the browser keeps the
 * server's HTML and never loads the machine registry or the chart layout.
 */
export const StatechartsPage = island(
  deferred(() => import('./statecharts-content')),
  (module) => module.StatechartsContent,
  { name: 'statecharts', intent: false },
);
