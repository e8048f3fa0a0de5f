import { firstVisible$ } from '@/effects/visibility';
import { preload, type Deferred } from './deferred';

/**
 * A ref for a lazy placeholder's block: the block's code (its machine, the fetch and the
 * sanitizer) is loaded the first time the block comes into view, not with the page.
 */
export function loadWhenSeen(module: Deferred<unknown>): (element: HTMLElement | null) => (() => void) | undefined {
  return (element) => {
    if (!element) return undefined;
    const seen = firstVisible$(element).subscribe(() => preload(module));
    return () => seen.unsubscribe();
  };
}
