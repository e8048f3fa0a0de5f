/**
 * The owner's quote preview: sample stays priced with the published and the draft rate plans,
 * side by side. This version names the samples (a weekend, a week, a month and a holiday week
 * from today) and leaves their quotes null; the engine's pricing of them replaces it with the
 * same signature.
 */
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';
import { isoOfDay, type PricingData } from './model.ts';

export interface QuoteSummary {
  totalCents: number;
  rentCents: number;
  lines: { kind: string; label: string; amountCents: number }[];
  problem: string | null;
}

export interface PreviewSample {
  id: 'weekend' | 'week' | 'month' | 'holiday';
  label: string;
  begin: string;
  end: string;
  nights: number;
  guests: number;
  before: QuoteSummary | null;
  after: QuoteSummary | null;
}

export function previewQuotes(_data: PricingData, listing: { eid: number; name: string; sleeps: number }, _before: RatePlan | null, _after: RatePlan, today: number): PreviewSample[] {
  const guests = Math.max(1, Math.min(2, listing.sleeps));
  // The next Friday at least two weeks ahead, so every sample begins after today.
  const friday = today + 14 + ((5 - ((today + 4) % 7) + 7) % 7);
  const sample = (id: PreviewSample['id'], label: string, begin: number, nights: number): PreviewSample => ({
    id,
    label,
    begin: isoOfDay(begin),
    end: isoOfDay(begin + nights),
    nights,
    guests,
    before: null,
    after: null,
  });
  return [
    sample('weekend', 'A weekend (2 nights)', friday, 2),
    sample('week', 'A week (7 nights)', friday + 1, 7),
    sample('month', 'A month (28 nights)', friday + 8, 28),
    sample('holiday', 'A holiday week (7 nights)', friday + 35, 7),
  ];
}
