import { createActor } from 'xstate';
import { analyticsMachine } from '@/machines/analytics-machine';
import { connectAnalytics } from './analytics-wiring';

export { trackOffers } from './analytics-wiring';
import { defineLazyActor } from './site-actors';

// The analytics actor and its delivery come after the page (analytics-port.ts asks for them).
defineLazyActor('analytics', {
  create: () => createActor(analyticsMachine),
  connect: (actor, _actors, page) => connectAnalytics({ analytics: actor }, page),
});
