import { Suspense, use, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { tracked, type Deferred } from './deferred';
import { useIsClient } from './hooks';
import { retellTypedValues } from './early-input';

/**
 * Islands: parts of a page the server renders in full (a react-aria select, a date picker) whose
 * code the browser loads only when the visitor shows intent — the pointer over it, focus in it, a
 * touch. (Not when idle: evaluating react-aria then is main-thread work every visit pays for.)
 * Until then the server's HTML stays as it is: the part sits in a
 * Suspense boundary that hydration leaves dehydrated (React's selective hydration), so nothing is
 * replaced, nothing moves and focus stays where it is. Once the code has arrived the boundary
 * hydrates against the same HTML with the props of the server render, then takes the current ones.
 *
 * React drops a click on a part that cannot hydrate yet; such a click (or a form's submit) is
 * played again once the part is live, after the text typed into its fields in the meantime.
 * Props that change before then wake the part at once (its HTML is out of date), and so does the
 * address naming an element of it (a fragment such as /contact#newsletter, at load or later).
 */

interface Gate {
  /** Resolves with the module once the island was woken and its code has arrived. */
  promise: Promise<unknown>;
  open: () => void;
  opened: boolean;
}

const gates = new Map<Deferred<unknown>, Gate>();
const byName = new Map<string, Deferred<unknown>>();

function gateOf(module: Deferred<unknown>): Gate {
  let gate = gates.get(module);
  if (!gate) {
    let resolve: (value: unknown) => void = () => {};
    const promise = tracked(new Promise<unknown>((done) => (resolve = done)));
    const created: Gate = {
      promise,
      opened: false,
      open: () => {
        if (created.opened) return;
        module.load().then(
          (loaded) => {
            created.opened = true;
            resolve(loaded);
          },
          (error: unknown) => console.warn(`Could not load a part of the page: ${error instanceof Error ? error.message : String(error)}`),
        );
      },
    };
    gate = created;
    gates.set(module, gate);
  }
  return gate;
}

/** A click or a submit on a part that was not live yet, to play again once it is. */
const missed = new Map<string, () => void>();
/**
 * Parts pressed (pointer down) while not live whose click has not come yet. If the part goes live
 * between the two, react-aria never saw the press start and ignores the click that ends it (a
 * pointer's click without its press is not a press): that click is played as one without a pointer.
 */
const pressedWhileAsleep = new Set<string>();
let replaying = false;

/** A click without a pointer (as a keyboard or an assistive tool makes): react-aria presses on it. */
function replayClick(target: Element): void {
  replaying = true;
  try {
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  } finally {
    replaying = false;
  }
}

function islandOf(target: EventTarget | null): { name: string; element: HTMLElement } | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
  const name = element?.dataset.island;
  return element && name ? { name, element } : null;
}

/** The element the URL's fragment names, if any. */
const fragmentTarget = (): Element | null => document.getElementById(window.location.hash.slice(1));


let listening = false;
/**
 * One listener on the document, in the capture phase, so it hears events before React's root
 * listener (which stops discrete events aimed at a part that is not hydrated yet).
 */
function listenForIntent(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  const wake = (event: Event) => {
    const island = islandOf(event.target);
    if (!island || replaying) return;
    if (island.element.dataset.live) {
      if (event.type === 'pointerdown' || event.type === 'pointercancel') pressedWhileAsleep.delete(island.name);
      else if (event.type === 'click' && pressedWhileAsleep.delete(island.name) && event.target instanceof Element) {
        // Pressed while asleep, released once live: this click would end a press react-aria never saw.
        event.stopImmediatePropagation();
        event.preventDefault();
        replayClick(event.target);
      }
      return;
    }
    const module = byName.get(island.name);
    if (!module) return;
    const gate = gateOf(module);
    if (event.type === 'pointerdown') pressedWhileAsleep.add(island.name);
    if (event.type === 'pointercancel') pressedWhileAsleep.delete(island.name);
    // A click before the part is live is dropped by React; it is played again once the part is live
    // (react-aria's press handling ignores the real click that may follow a synchronous hydration).
    const target = event.target;
    if (event.type === 'click' && target instanceof Element) {
      pressedWhileAsleep.delete(island.name);
      missed.set(island.name, () => target.isConnected && replayClick(target));
    }
    // A form sent before then (Enter in a field) waits for the part instead of leaving the page.
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      event.preventDefault();
      const sender = (event as SubmitEvent).submitter;
      const submitter = sender?.closest('form') === target ? sender : null;
      missed.set(island.name, () => target.isConnected && target.requestSubmit(submitter));
    }
    gate.open();
  };
  for (const type of ['pointerover', 'pointerdown', 'pointercancel', 'touchstart', 'focusin']) document.addEventListener(type, wake, { capture: true, passive: true });
  document.addEventListener('click', wake, { capture: true });
  document.addEventListener('submit', wake, { capture: true });
  // The address names an element of a part: its code is wanted (the part acts on it once live).
  window.addEventListener('hashchange', () => wake({ type: 'hashchange', target: fragmentTarget() } as unknown as Event));
}

function Live<P extends object>({ gate, pick, props, onLive }: { gate: Gate; pick: (module: never) => ComponentType<P>; props: P; onLive: () => void }) {
  const module = use(gate.promise);
  const Component = pick(module as never);
  useLayoutEffect(onLive, [onLive]);
  return <Component {...props} />;
}

export interface IslandOptions {
  /** The name in `data-island` (unique per module). */
  name: string;
  /** Wake on the visitor's intent (default); false for a part with nothing to interact with, woken only by new props. */
  intent?: boolean;
  /** Shown while the code loads for a part first mounted in the browser. */
  fallback?: ReactNode;
  /** Props that do not change the server's HTML (used only once live): their changes do not wake it. */
  inert?: readonly string[];
}

/** Props that render the same HTML: data equal by value (functions do not show in the HTML). */
const sameProps = (a: object, b: object, inert: readonly string[] = []) => {
  const keys = Object.keys(a).filter((key) => !inert.includes(key));
  return (
    keys.length === Object.keys(b).filter((key) => !inert.includes(key)).length &&
    keys.every((key) => {
      const x: unknown = (a as Record<string, unknown>)[key];
      const y: unknown = (b as Record<string, unknown>)[key];
      return Object.is(x, y) || (typeof x === 'function' && typeof y === 'function') || JSON.stringify(x) === JSON.stringify(y);
    })
  );
};

/**
 * A component whose code is loaded on intent (see above). `pick` chooses the component from the
 * loaded module. The wrapper is `display: contents`, so the layout is the component's own.
 */
export function island<M, P extends object>(module: Deferred<M>, pick: (loaded: M) => ComponentType<P>, options: IslandOptions): ComponentType<P> {
  if (options.intent !== false) byName.set(options.name, module as Deferred<unknown>);
  // Listening from the start: taps the page kept before it was live are played once it has hydrated.
  listenForIntent();
  const gate = gateOf(module as Deferred<unknown>);
  const Island = (props: P) => {
    const client = useIsClient();
    // Rendered by the server (and hydrated now), or first mounted in the browser.
    const [fromServer] = useState(!client);
    const [serverProps] = useState(props);
    const [live, setLive] = useState(false);
    const wrapper = useRef<HTMLDivElement>(null);
    const onLive = useMemo(
      () => () => {
        // Hydrated just now: the text typed into its fields meanwhile is told to React before any
        // render of the part (one would put the server's value back), then, once React has taken
        // it in, the missed click or submit is played on the elements the server rendered (and
        // after it the keys typed into its editable elements, server/html.ts EARLY_INPUT_SCRIPT).
        if (wrapper.current) retellTypedValues(wrapper.current);
        // Live from now on for the intent listener too, not only once React commits setLive: a
        // click that comes in between would otherwise be kept for a replay that has already run.
        if (wrapper.current) wrapper.current.dataset.live = 'true';
        setLive(true);
        setTimeout(() => {
          const replay = missed.get(options.name);
          missed.delete(options.name);
          replay?.();
        }, 0);
      },
      [],
    );
    const stale = !live && fromServer && !sameProps(props, serverProps, options.inert);
    useEffect(() => {
      if (!fromServer || stale || wrapper.current?.contains(fragmentTarget())) gate.open();
    }, [fromServer, stale]);
    // While dehydrated the boundary must not see an update (React would give up its HTML and
    // show the fallback), so it is one element made once, with the server render's props.
    const dehydrated = useMemo(
      () => (
        <Suspense fallback={options.fallback ?? null}>
          <Live gate={gate} pick={pick as (module: never) => ComponentType<P>} props={serverProps} onLive={onLive} />
        </Suspense>
      ),
      [serverProps, onLive],
    );
    return (
      <div ref={wrapper} data-island={options.name} data-live={live || undefined} style={{ display: 'contents' }}>
        {live || !fromServer ? (
          <Suspense fallback={options.fallback ?? null}>
            <Live gate={gate} pick={pick as (module: never) => ComponentType<P>} props={props} onLive={onLive} />
          </Suspense>
        ) : (
          dehydrated
        )}
      </div>
    );
  };
  Island.displayName = `Island(${options.name})`;
  return Island;
}

/** The server opens every gate: its pages render islands in full. */
export async function openAllIslands(): Promise<void> {
  const all = [...gates.values()];
  all.forEach((gate) => gate.open());
  await Promise.all(all.map((gate) => gate.promise));
}
