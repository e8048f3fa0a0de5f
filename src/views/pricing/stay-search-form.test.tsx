import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import siteJson from '../../../config/site.json';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { SiteProvider } from '@/bindings/site-context';
import { parseSiteSettings, type PageSettings } from '@/domain/settings';
import { StaySearchForm } from './stay-search-form';

const page = { settings: parseSiteSettings(siteJson), messages: [], flagged: [] } as unknown as PageSettings;

afterEach(() => vi.useRealTimers());

describe('the stay form’s calendar', () => {
  // With TZ=Pacific/Kiritimati (UTC+14) the first moment is already Dec 16 on the local clock; with
  // TZ=America/Adak (UTC-10) the second is still Dec 14 (CI runs the unit tests in both zones).
  it.each([
    ['late morning UTC', Date.UTC(2026, 11, 15, 10, 30)],
    ['early morning UTC', Date.UTC(2026, 11, 15, 9, 30)],
  ])('offers arrivals from today in UTC, as the pricing engine counts days (%s)', async (_when, moment) => {
    vi.useFakeTimers({ now: moment, toFake: ['Date'] });
    render(
      <SiteProvider page={page} actors={createSiteActors(page, 'http://localhost')}>
        <StaySearchForm initial={{ begin: '2026-12-20', end: '2026-12-27', adult: 2, child: 0 }} onSearch={() => undefined} onClear={() => undefined} />
      </SiteProvider>,
    );
        await userEvent.setup().click(screen.getByRole('button', { name: /^Open calendar/ }));
    const grid = await screen.findByRole('grid');
    const day = (n: number) => within(grid).getByText(String(n), { selector: '.range-calendar__cell' });
    expect(day(15).getAttribute('aria-disabled')).toBeNull();
    expect(day(16).getAttribute('aria-disabled')).toBeNull();
    expect(day(14).getAttribute('aria-disabled')).toBe('true');
  });
});
