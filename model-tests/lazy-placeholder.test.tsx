import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InspectProvider } from '@/bindings/inspect-context';
import { lazyPlaceholderMachine } from '@/machines/lazy-placeholder-machine';
import { LazyPlaceholderLive as LazyPlaceholder } from '@/views/ui/lazy-placeholder-live';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { TestIntersectionObserver } from './test-intersection-observer';

type PlaceholderSnapshot = SnapshotFrom<typeof lazyPlaceholderMachine>;
type PlaceholderEvent = EventFrom<typeof lazyPlaceholderMachine>;
type ModelEvent = Via<PlaceholderEvent>;

const URL_ = '/events/holiday-boat-parade/related';
/** The server's HTML, with everything hostile a compromised answer could carry. */
const HTML =
  '<section class="related-events"><h2>More events on the coast</h2><ul><li><a href="/events/bonfire">Beach Bonfire</a></li></ul>' +
  '<script>window.ran = true</script><img src="x" onerror="window.ran = true"><a href="javascript:window.ran = true">bad</a></section>';

const events: ModelEvent[] = [
  { type: 'placeholder.seen', via: 'the visitor scrolls the block into view' },
  { type: 'placeholder.loaded', html: HTML, via: 'the server answers its HTML' },
  { type: 'placeholder.failed', message: 'HTTP 503 Service Unavailable', via: 'the server answers 503' },
  { type: 'placeholder.retried', via: 'presses Try again' },
];

const model = createTestModel(lazyPlaceholderMachine, { input: { url: URL_ }, events, filterEvents: (snapshot, event) => snapshot.can(event) });
const coverage = new ModelCoverage(lazyPlaceholderMachine);

/** The event page's related-events block, with the observer and the server stood in for. */
function placeholderDriver(): PathDriver<PlaceholderSnapshot, PlaceholderEvent> {
  let unmount: (() => void) | null = null;
  const requests: Array<{ url: string; answer: (response: Response) => void }> = [];
  const block = () => document.querySelector('.lazy-placeholder') as HTMLElement;
  return {
    start: () => {
      requests.length = 0;
      (window as unknown as { ran?: boolean }).ran = false;
      vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
      vi.stubGlobal('fetch', (url: string) => new Promise<Response>((resolve) => requests.push({ url, answer: resolve })));
      unmount = render(
        <InspectProvider inspect={coverage.inspect}>
          <LazyPlaceholder url={URL_} label="More events on the coast" />
        </InspectProvider>,
      ).unmount;
    },
    perform: async (event) => {
      switch (event.type) {
        case 'placeholder.seen':
          act(() => TestIntersectionObserver.reveal(block()));
          return;
        case 'placeholder.loaded':
          await act(async () => requests.at(-1)?.answer(new Response(event.html, { status: 200, headers: { 'content-type': 'text/html' } })));
          await waitFor(() => expect(block().dataset.state).toBeUndefined());
          return;
        case 'placeholder.failed':
          await act(async () => requests.at(-1)?.answer(new Response('<h1>Down</h1>', { status: 503, statusText: 'Service Unavailable' })));
          await screen.findByRole('button', { name: 'Try again' });
          return;
        case 'placeholder.retried':
          await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
          return;
      }
    },
    expectState: (state) => {
      const element = block();
      expect((window as unknown as { ran?: boolean }).ran).toBe(false);
      if (state.matches('shown')) {
        // Replaced by the sanitized HTML: the links stay, nothing that runs does.
        expect(element.dataset.state).toBeUndefined();
        expect(screen.getByRole('link', { name: 'Beach Bonfire' }).getAttribute('href')).toBe('/events/bonfire');
        expect(element.querySelector('script, [onerror]')).toBeNull();
        expect(screen.getByText('bad').getAttribute('href')).toBeNull();
        return;
      }
      expect(element.dataset.state).toBe(state.value);
      expect(element.getAttribute('data-bto-jump-select')).toBe(URL_);
      // One request per load asked: none while waiting.
      const loads = state.matches('waiting') ? 0 : requests.length;
      expect(requests.map((request) => request.url)).toEqual(Array.from({ length: loads }, () => URL_));
      expect(requests.length > 0).toBe(!state.matches('waiting'));
      expect(element.getAttribute('aria-busy')).toBe(state.matches('loading') ? 'true' : null);
      expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(state.matches('failed'));
      if (state.matches('failed')) expect(screen.getByRole('alert').textContent).toContain('More events on the coast could not be loaded.');
    },
    stop: () => {
      unmount?.();
      vi.unstubAllGlobals();
      TestIntersectionObserver.observers.clear();
    },
  };
}

describe('lazy placeholder machine, walked through the event page related-events block', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, lazyPlaceholderMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, placeholderDriver());
    });
  }
});
