import { vi } from 'vitest';

/** One request of the owner's pages, answered when the test says. */
export interface PendingRequest {
  method: string;
  url: string;
  body: unknown;
  answer: (status: number, body: unknown) => void;
}

/**
 * Stands in for the server's owner API: every fetch is kept until the test answers it, so a
 * model step decides what the server says.
 */
export interface OwnerApiStub {
  requests: PendingRequest[];
  last: (match?: string) => PendingRequest;
}

/** The server answers the newest request matching `match`; the step is done once the answer reached the actor. */
export async function answerAndWait(api: OwnerApiStub, match: string, status: number, body: unknown, coverage: { received: number }): Promise<void> {
  api.last(match).answer(status, body);
  await waitFor(() => expect(coverage.received).toBeGreaterThan(0));
}

export function stubOwnerApi(): OwnerApiStub {
  const requests: PendingRequest[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    return new Promise<Response>((resolve, reject) => {
      const request: PendingRequest = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
        answer: (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
      };
      init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      requests.push(request);
    });
  });
  return {
    requests,
    last: (match) => {
      const found = [...requests].reverse().find((request) => (match ? `${request.method} ${request.url}`.includes(match) : true));
      if (!found) throw new Error(`No request${match ? ` matching '${match}'` : ''} was made`);
      return found;
    },
  };
}

import type { ListingContent } from '@/domain/owner/listing-content';
import type { OwnerListingDetail } from '@/domain/owner/owner-api';

export const EDITOR_EID = 1001;

/** A published listing with a draft, as the owner API answers GET /admin/api/listings/1001. */
export function listingDocument(): ListingContent {
  return {
    format: 1,
    propertyCode: 'CHC-1001',
    name: 'Seaside Cottage',
    nickname: '',
    slug: 'seaside-cottage',
    type: 'House',
    area: 'north-beach',
    address: { line1: '1 Shore Road', line2: '', city: 'Coral Haven', region: 'FL', postalCode: '32000', country: 'US' },
    latitude: 29.5,
    longitude: -81.2,
    bedrooms: 2,
    bathrooms: 1.5,
    sleeps: 4,
    beds: 2,
    description: { summary: 'A cottage by the dunes.', space: '', access: '', neighbourhood: '', transit: '', notes: '' },
    amenities: ['wifi'],
    checkInTime: '16:00',
    checkOutTime: '10:00',
    houseRules: '',
    cancellationPolicy: '',
    virtualTourUrl: null,
    videoUrl: null,
    photos: [],
    rates: { baseNightlyCents: 15_000, weekendNights: [5, 6], weekendNightlyCents: null, minStay: 2, weeklyFactor: null, monthlyFactor: null, guestsIncluded: 4, extraGuestNightlyCents: 0, seasons: [], dates: [], fees: [], taxes: [] },
  };
}

export function listingDetail(): OwnerListingDetail {
  const document = listingDocument();
  return {
    eid: EDITOR_EID,
    status: 'published',
    published: { version: 1, document, publishedAt: daysFromNow(-30), publishedBy: 'owner' },
    draft: { baseVersion: 1, revision: 2, document, savedAt: daysFromNow(-29) },
    readiness: { guests: [{ path: 'photos', message: 'Add at least one photo.' }], google: [], channels: [], blocking: [] },
    options: {
      areas: [{ slug: 'north-beach', name: 'North Beach' }],
      amenities: [{ slug: 'wifi', name: 'Wi-Fi', category: 'Essentials' }],
      types: ['House', 'Condo'],
      embedOrigins: [],
      currency: 'USD',
    },
  };
}

import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { InspectProvider } from '@/bindings/inspect-context';
import type { ModelCoverage } from './coverage';
import { OwnerEditorPage } from '@/views/owner/owner-editor-screen';

/** An instant this many days from now (negative: ago), as the server writes one: the tests hold on any day. */
export const daysFromNow = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

/** The editor page of listing 1001, loaded (its GET answered), with the actors seen by `coverage`. */
export async function mountLoadedEditor(coverage: ModelCoverage, api: ReturnType<typeof stubOwnerApi>): Promise<() => void> {
  const { unmount } = render(
    <InspectProvider inspect={coverage.inspect}>
      <OwnerEditorPage eid={EDITOR_EID} tiles={{ url: '/tiles/{z}/{x}/{y}.svg', attribution: '' }} />
    </InspectProvider>,
  );
  await waitFor(() => expect(api.last(`GET /admin/api/listings/${EDITOR_EID}`)).toBeDefined());
  api.last(`GET /admin/api/listings/${EDITOR_EID}`).answer(200, listingDetail());
  await waitFor(() => expect(document.querySelector('form[aria-label="Listing"]')).not.toBeNull());
  return unmount;
}
