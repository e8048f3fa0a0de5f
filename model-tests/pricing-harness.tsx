import { act } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { within } from '@testing-library/react';
import { vi } from 'vitest';
import { addDays } from '@/domain/pricing/dates';
import { pricingFixtures } from '@/domain/pricing/test-fixtures';

/** Today (UTC) by the real clock, which the views read too (the date field's earliest day, whether a stored search has begun). */
const TODAY = new Date().toISOString().slice(0, 10);

/**
 * The model tests' pricing fixtures (a search four weeks from today, a week for two adults and a
 * child): days relative to the clock, never calendar dates, so the tests hold on any day.
 */
export const { SEARCH_RCAV, FIXTURE_ITEMS, fixturePrice } = pricingFixtures(addDays(TODAY, 28) as string);

/** The day `days` after the search's arrival. */
export const searchDayPlus = (days: number): string => addDays(SEARCH_RCAV.begin, days) as string;

/** 'Tue, Dec 1, 2026': a stay date as the site shows it (Intl with the options of the domain's formatStayDate). */
export const stayDate = (iso: string): string =>
  new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${iso}T00:00:00Z`));

/**
 * The HTTP boundary of the pricing effects: fetch is replaced, each request waits until the test
 * answers it. Everything between (the real clients, effects, machines and views) runs as on the page.
 */
export class FetchBoundary {
  readonly requests: Array<{ url: string; answer: (status: number, body: unknown) => Promise<void> }> = [];
  private readonly original = globalThis.fetch;

  install(): void {
    const fetch = vi.fn(
      (input: RequestInfo | URL) =>
        new Promise<Response>((resolve) => {
          const url = String(input);
          this.requests.push({
            url,
            answer: async (status, body) => {
              await act(async () => {
                resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
                await new Promise((done) => setTimeout(done, 5));
              });
            },
          });
        }),
    );
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  }

  restore(): void {
    globalThis.fetch = this.original;
    this.requests.length = 0;
  }

  last(path: string): (typeof this.requests)[number] {
    const request = [...this.requests].reverse().find((r) => r.url.startsWith(path));
    if (!request) throw new Error(`No request to ${path} was sent`);
    return request;
  }
}

/** Types a date range into a react-aria DateRangePicker, segment by segment, as a keyboard user does. */
export async function typeDateRange(user: UserEvent, group: HTMLElement, begin: string, end: string): Promise<void> {
  const segments = within(group).getAllByRole('spinbutton');
  const us = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
  await user.click(segments[0] as HTMLElement);
  await user.keyboard(us(begin));
  await user.click(segments[3] as HTMLElement);
  await user.keyboard(us(end));
}
