import { useEffect, useState } from 'react';

/**
 * `value`, but a change reaches the caller only after the browser has painted the frame that
 * shows the change elsewhere: a cheap part of the page (the order widget) repaints at once, and
 * a costly one (the order detail) follows in the next frame (issue 5: the widget within one frame).
 * `immediately` lets some values through at once (closing a modal must not wait).
 */
export function useAfterPaint<T>(value: T, immediately: (value: T) => boolean = () => false): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(value, shown)) return undefined;
    if (immediately(value) || typeof requestAnimationFrame !== 'function') {
      setShown(() => value);
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // The frame's paint follows this callback; the task after it runs once it is on screen.
      timer = setTimeout(() => setShown(() => value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [value, shown, immediately]);
  return immediately(value) ? value : shown;
}
