import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';

/**
 * The homepage community photos slider, rendered in full by the server (the first photos centred
 * at their final size) with its carousel code (embla, the slider machine) arriving on the
 * visitor's intent — pointer over it, focus in it, a touch — so the home page's first load stays
 * within its budget (spec §9 Homepage community photos slider; see community-slider-live.tsx).
 */
export const CommunitySlider = island(
  deferred(() => import('./community-slider-live')),
  (module) => module.CommunitySliderLive,
  { name: 'community-slider' },
);
