/**
 * The answers of the owner's JSON API (/admin/api/…) as the owner's pages read them: the listing
 * list, one listing with its draft and published version, the quote preview and the history.
 */
import type { FieldProblem, ListingContent, ListingStatus, Readiness } from './listing-content';

export interface ReadinessCounts {
  guests: number;
  google: number;
  channels: number;
  blocking: number;
}

export interface OwnerListingRow {
  eid: number;
  propertyCode: string;
  name: string;
  slug: string;
  status: ListingStatus;
  version: number;
  hasDraft: boolean;
  savedAt: string | null;
  photo: { src: string; alt: string } | null;
  readiness: ReadinessCounts;
}

export interface DraftInfo {
  baseVersion: number;
  revision: number;
  document: ListingContent;
  savedAt: string;
}

export interface PublishedInfo {
  version: number;
  document: ListingContent;
  publishedAt: string;
  publishedBy: string;
}

export interface ListingOptions {
  areas: Array<{ slug: string; name: string }>;
  amenities: Array<{ slug: string; name: string; category: string }>;
  types: string[];
  embedOrigins: string[];
  currency: string;
}

export interface OwnerListingDetail {
  eid: number;
  status: ListingStatus;
  published: PublishedInfo | null;
  draft: DraftInfo | null;
  readiness: Readiness;
  options: ListingOptions;
}

/** The draft someone else saved meanwhile (a 409 'stale' answer). */
export interface CurrentDraft {
  revision: number;
  document: ListingContent;
  savedAt: string;
}

export interface QuoteSummary {
  totalCents: number;
  rentCents: number;
  lines: Array<{ kind: string; label: string; amountCents: number }>;
  problem: string | null;
}

export interface QuoteSample {
  id: 'weekend' | 'week' | 'month' | 'holiday';
  label: string;
  begin: string;
  end: string;
  nights: number;
  guests: number;
  before: QuoteSummary | null;
  after: QuoteSummary | null;
}

export interface QuotePreview {
  currency: string;
  samples: QuoteSample[];
}

export interface ListingVersion {
  version: number;
  publishedAt: string;
  publishedBy: string;
  name: string;
}

export interface UploadedPhoto {
  key: string;
  width: number;
  height: number;
  src: string;
  srcset: string;
  warnings: string[];
}

export type { FieldProblem };
