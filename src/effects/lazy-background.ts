import { Observable, Subscription, map, timer } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { lazyBackgroundMachine } from '@/machines/lazy-background-machine';
import { firstVisible$ } from './visibility';

/** Within the lazy-load margin of the viewport (80 px above and below, spec §9) and not hidden. */
export function isAreaVisible(element: Element, margin = 80): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  const height = window.innerHeight || document.documentElement.clientHeight;
  const width = window.innerWidth || document.documentElement.clientWidth;
  return rect.bottom >= -margin && rect.top <= height + margin && rect.right >= 0 && rect.left <= width;
}

/** Loads `src` into the browser's cache: emits once it has loaded, errors when it cannot. */
export function loadImage$(src: string): Observable<void> {
  return new Observable<void>((subscriber) => {
    const image = new Image();
    image.onload = () => {
      subscriber.next();
      subscriber.complete();
    };
    image.onerror = () => subscriber.error(new Error(`The image ${src} could not be loaded`));
    image.src = src;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  });
}

/**
 * Carries out what a lazy background actor asks (spec §4 Lazy content): the recheck timer (a look
 * at once, then every `every` ms, each telling the actor how long it has been), the one-time
 * watch after it gave up, and the image load. Returns the disposer.
 */
export function connectLazyBackground(actor: ActorRefFrom<typeof lazyBackgroundMachine>, element: Element, src: string): () => void {
  const running = new Subscription();
  let rechecks: Subscription | null = null;
  const stopRechecks = () => {
    rechecks?.unsubscribe();
    rechecks = null;
  };
  running.add(
    actor.on('background.recheck.started', ({ every }) => {
      stopRechecks();
      rechecks = timer(0, every)
        .pipe(map((tick) => ({ type: 'background.checked' as const, visible: isAreaVisible(element), elapsed: tick * every })))
        .subscribe((event) => actor.send(event));
    }),
  );
  running.add(actor.on('background.recheck.stopped', stopRechecks));
  running.add(actor.on('background.watch.requested', () => running.add(firstVisible$(element).subscribe(() => actor.send({ type: 'background.seen' })))));
  running.add(
    actor.on('background.load.requested', () =>
      running.add(
        loadImage$(src).subscribe({
          next: () => actor.send({ type: 'background.loaded' }),
          error: (error: unknown) => actor.send({ type: 'background.failed', message: error instanceof Error ? error.message : String(error) }),
        }),
      ),
    ),
  );
  running.add(actor.on('background.failure.logged', ({ message }) => console.warn(message)));
  return () => {
    stopRechecks();
    running.unsubscribe();
  };
}
