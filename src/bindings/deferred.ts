/**
 * Code a page loads only when it is used (issue 10: each page's first script carries what it
 * renders at once; dialogs, date pickers and selects come when they are opened or wanted).
 *
 * A deferred module is a dynamic import with a little state: whether it has arrived, who waits
 * for it, and a promise React's `use` can read synchronously once it has (its `status` and
 * `value` are set the way React's own thenable tracking sets them). The server loads every
 * deferred module once before its first render (`loadAllDeferred`), so its pages are complete;
 * the browser loads each on intent (pointer, focus) or when a view needs it now.
 */
export interface Deferred<T> {
  /** The module once it has arrived, else null. */
  current(): T | null;
  /** Loads the module (once); a failed load may be tried again. */
  load(): Promise<T>;
  /** Called once the module has arrived. */
  subscribe(listener: () => void): () => void;
}

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

/** Marks a promise the way React's `use` expects once it settles, so a later `use` does not suspend. */
export function tracked<T>(promise: Promise<T>): Promise<T> {
  const thenable = promise as Tracked<T>;
  thenable.status ??= 'pending';
  promise.then(
    (value) => {
      thenable.status = 'fulfilled';
      thenable.value = value;
    },
    () => {
      thenable.status = 'rejected';
    },
  );
  return promise;
}

const registry: Array<Deferred<unknown>> = [];

export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const module: Deferred<T> = {
    current: () => value,
    load: () => {
      pending ??= tracked(
        importer().then(
          (loaded) => {
            value = loaded;
            listeners.forEach((listener) => listener());
            return loaded;
          },
          (error: unknown) => {
            pending = null;
            throw error;
          },
        ),
      );
      return pending;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  registry.push(module as Deferred<unknown>);
  return module;
}

/** The server: every deferred module, loaded before the first page is rendered. */
export async function loadAllDeferred(): Promise<void> {
  await Promise.all(registry.map((module) => module.load()));
}

/** Loads a module in the background; a failure is only logged (a later intent tries again). */
export function preload(module: Deferred<unknown>): void {
  module.load().catch((error: unknown) => console.warn(`Could not load a part of the page: ${error instanceof Error ? error.message : String(error)}`));
}
