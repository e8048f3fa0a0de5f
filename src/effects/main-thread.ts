/**
 * Giving the main thread back between the page's start-up steps (issue 24): a phone then paints
 * and answers taps between them instead of after one long task.
 */
interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/** Resolves in a later task: `scheduler.yield()` where the browser has it (the page's work keeps its place ahead of other tasks), else a message-channel task. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Runs `work` once the browser is idle (at the latest after `timeoutMs`): work the page's start does not need. */
export function whenIdle(work: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 1);
}
