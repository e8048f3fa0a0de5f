import type { ClipboardEvent } from 'react';
import { pastedDates, type PastedDate } from '@/domain/pricing/pasted-dates';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const digitsOf = (date: PastedDate, type: string | undefined): string | null =>
  type === 'month' ? String(date.month).padStart(2, '0') : type === 'day' ? String(date.day).padStart(2, '0') : type === 'year' ? String(date.year) : null;

/**
 * A date pasted into a segment of a react-aria date range field (which takes only typed
 * characters): '05/19/2027' into the arrival, or a whole stay '05/19/2027 – 05/26/2027', is typed
 * into the segments from the one pasted into, one character a task as a guest's keys come (react-aria
 * renders each before the next), so the field takes it exactly as typed digits. Text that holds no
 * date (or a day not in the calendar) changes nothing. `inputSelector` finds the field's date inputs in
 * order (arrival, departure).
 */
export function useDatePaste(inputSelector: string): (event: ClipboardEvent<HTMLElement>) => void {
  return (event) => {
    const text = event.clipboardData.getData('text/plain');
    const dates = pastedDates(text);
    event.preventDefault();
    if (!dates) return;
    const inputs = [...event.currentTarget.querySelectorAll<HTMLElement>(inputSelector)];
    const first = inputs.findIndex((input) => input.contains(event.target as Node));
    if (first < 0) return;
    void (async () => {
      for (const [index, date] of dates.entries()) {
        const input = inputs[first + index];
        if (!input) return;
        for (const segment of input.querySelectorAll<HTMLElement>('[data-type]')) {
          const digits = digitsOf(date, segment.dataset.type);
          if (digits === null || !segment.isConnected) continue;
          segment.focus();
          for (const digit of digits) {
            document.activeElement?.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data: digit, bubbles: true, cancelable: true }));
            await nextTask();
          }
        }
      }
    })();
  };
}
