import { useEffect, useSyncExternalStore } from 'react';
import { preload, type Deferred } from './deferred';

/**
 * A deferred module for a part only the browser shows (a dialog once opened): null on the server
 * and while the page hydrates, the module once it has arrived. `wanted` loads it now.
 */
export function useDeferred<T>(module: Deferred<T>, wanted = false): T | null {
  const loaded = useSyncExternalStore(module.subscribe, module.current, () => null);
  useEffect(() => {
    if (wanted) preload(module);
  }, [module, wanted]);
  return loaded;
}
