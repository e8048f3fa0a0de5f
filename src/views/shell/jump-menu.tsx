import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';

export interface JumpOption {
  label: string;
  /** A URL, or 'x::url' where the URL after '::' is used (spec §2 Jump menus). */
  value: string;
}

/**
 * A select that navigates to the chosen option (spec §2 Jump menus; minimum width 140, §9).
 * The server renders it in full; its react-aria code arrives on intent (pointer, focus, touch).
 * With `searchable` it is a searchable select (a combo box) sent with its form under that name.
 */
export const JumpMenu = island(
  deferred(() => import('./jump-menu-live')),
  (module) => module.JumpMenuLive,
  { name: 'jump-menu' },
);
