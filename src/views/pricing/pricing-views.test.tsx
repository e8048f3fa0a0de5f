import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import siteJson from '../../../config/site.json';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { SiteProvider } from '@/bindings/site-context';
import { FIXTURE_ITEMS, fixturePrice, SEARCH_RCAV } from '@/domain/pricing/test-fixtures';
import { parseSiteSettings, type PageSettings, type SiteSettings } from '@/domain/settings';
import { PricingAlternates } from './pricing-alternates';
import { PricingDialogs } from './pricing-dialogs';
import { PricingSummary } from './pricing-summary';

const base = parseSiteSettings(siteJson);

function mount(ui: React.ReactNode, change: (settings: SiteSettings) => SiteSettings = (s) => s, items = FIXTURE_ITEMS) {
  const page = { settings: change(base), messages: [], flagged: [] } as unknown as PageSettings;
  const actors = createSiteActors(page, 'http://localhost');
  actors.availability.send({ type: 'availability.restored', params: { rcav: SEARCH_RCAV }, items });
  render(
    <SiteProvider page={page} actors={actors}>
      {ui}
      <PricingDialogs />
    </SiteProvider>,
  );
  return actors;
}

describe('pricing displays and the settings that shape them (spec §2, §9)', () => {
  it('shows nothing before a search', () => {
    mount(<PricingSummary eid={4242} />);
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('call-to-book replaces Book and carries the phone as a tel: link', async () => {
    mount(<PricingSummary eid={1002} />, (s) => ({ ...s, order: { ...s.order, call_to_book: 'Call us to book:' } }));
    const summary = screen.getByText('Call us to book:', { selector: '.pricing-summary__call' });
    expect(within(summary).getByRole('link', { name: base.site.phone }).getAttribute('href')).toBe(`tel:${base.site.phone.replace(/[^\d+]/g, '')}`);
    await userEvent.click(screen.getByRole('button', { name: 'See offers for Rental 1002' }));
    const dialog = screen.getByRole('dialog', { name: 'Offers: Rental 1002' });
    expect(within(dialog).queryByRole('button', { name: /^Book / })).toBeNull();
    expect(within(dialog).getByText('Call us to book:')).toBeTruthy();
  });

  it('buttons follow settings.pricing.buttons', async () => {
    mount(<PricingSummary eid={1002} />, (s) => ({ ...s, pricing: { ...s.pricing, buttons: { book: false, add: true, quote: false } } }));
    await userEvent.click(screen.getByRole('button', { name: 'See offers for Rental 1002' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['×', 'Add']);
  });

  it('display_type 8 shows amounts per night with /nt, and the precision setting', () => {
    mount(<PricingSummary eid={1001} />, (s) => ({ ...s, pricing: { ...s.pricing, display_type: 8, precision: 2 } }));
    expect(screen.getByText('$200.00/nt - $235.71/nt')).toBeTruthy();
    expect(screen.getByText('Save $250.00!')).toBeTruthy();
  });

  it('says when every price is for other arrival days, and the Alternates display shows the not-available text', () => {
    mount(
      <>
        <PricingSummary eid={1003} />
        <PricingAlternates eid={1003} />
      </>,
    );
    expect(screen.getByText('For arrival days near yours')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Not available for Tue, Dec 1, 2026. Try the dates below or change your search.');
    expect(screen.getByRole('button', { name: 'See other dates' })).toBeTruthy();
  });

  it('when the engine offers only nearby arrivals in a featured group, says the dates are taken before showing them', () => {
    const items = [
      {
        eid: 1004,
        groups: [{ id: 'standard', name: 'Standard rate', offerby: 'Coral Haven Coast Rentals', featured: true }],
        prices: [fixturePrice({ eid: 1004, p: 1500, og: 'standard', b: '2026-11-28', e: '2026-12-05', dn: 'Standard rate' })],
      },
    ];
    mount(<PricingAlternates eid={1004} />, undefined, items);
    expect(screen.getByRole('status').textContent).toBe('Not available for Tue, Dec 1, 2026. Try the dates below or change your search.');
    const nearest = screen.getByRole('list', { name: 'Nearest available dates' });
    expect(nearest.textContent).toContain('Sat, Nov 28, 2026');
  });

  it('a rental without prices says so and has no trigger', () => {
    mount(<PricingSummary eid={7} />, undefined, [{ eid: 7, prices: [] }]);
    expect(screen.getByText('Not available for your dates')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
