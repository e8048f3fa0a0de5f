import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle, yieldToMain } from './main-thread';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('yieldToMain', () => {
  it("uses the browser's scheduler.yield where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await yieldToMain();
    expect(yielded).toHaveBeenCalledTimes(1);
  });

  it('else resolves in a later task, after the work already queued', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after the yield'));
    await Promise.resolve();
    order.push('the rest of this task');
    await yielded;
    expect(order).toEqual(['the rest of this task', 'after the yield']);
  });
});

describe('whenIdle', () => {
  it('waits for the browser to be idle, with a deadline', () => {
    const requested = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requested);
    const work = vi.fn();
    whenIdle(work, 1500);
    expect(requested).toHaveBeenCalledWith(expect.any(Function), { timeout: 1500 });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer where there is no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
