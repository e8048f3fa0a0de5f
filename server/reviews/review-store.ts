/**
 * Reviews sent with a listing's review form (issue 15 item 7): stored pending moderation, listed
 * for the site owner, approved (published as a row of `reviews`, in the same transaction) or
 * rejected. Every write is acknowledged only once it is committed.
 *
 *   const store = createReviewStore(db);
 *   await store.submit(1001, { rating: 5, text: '…', name: 'Ann', stayMonth: '2026-03' });  // 'stored' | 'no-listing'
 *   await store.approve(id);   // { eid } of the listing whose rating changed, or null
 */
import { and, asc, eq } from 'drizzle-orm';
import { reviewTitle, type ReviewSubmission } from '../../src/domain/review-form.ts';
import type { Database } from '../db/client.ts';
import { reviewSubmissions, reviews, units } from '../db/schema.ts';
import type { ContentVersion } from '../content/content-version.ts';
import type { SearchService } from '../search/search-service.ts';

export interface PendingReview extends ReviewSubmission {
  id: number;
  eid: number;
  listingName: string;
  listingSlug: string;
  submittedAt: Date;
}

export interface ReviewStore {
  submit(eid: number, review: ReviewSubmission): Promise<'stored' | 'no-listing'>;
  /** Pending reviews, oldest first. */
  pending(limit?: number): Promise<PendingReview[]>;
  /** Publishes a pending review; null when it is not pending (already decided, or no such review). */
  approve(id: number, now?: Date): Promise<{ eid: number } | null>;
  /** Rejects a pending review (kept as rejected, never shown); null when it is not pending. */
  reject(id: number, now?: Date): Promise<{ eid: number } | null>;
}

export function createReviewStore(db: Database): ReviewStore {
  return {
    async submit(eid, review) {
      const [unit] = await db.select({ eid: units.eid }).from(units).where(eq(units.eid, eid)).limit(1);
      if (!unit) return 'no-listing';
      await db.insert(reviewSubmissions).values({ unitEid: eid, rating: review.rating, author: review.name, body: review.text, stayMonth: review.stayMonth });
      return 'stored';
    },

    async pending(limit = 200) {
      const rows = await db
        .select({
          id: reviewSubmissions.id,
          eid: reviewSubmissions.unitEid,
          listingName: units.name,
          listingSlug: units.slug,
          rating: reviewSubmissions.rating,
          text: reviewSubmissions.body,
          name: reviewSubmissions.author,
          stayMonth: reviewSubmissions.stayMonth,
          submittedAt: reviewSubmissions.submittedAt,
        })
        .from(reviewSubmissions)
        .innerJoin(units, eq(units.eid, reviewSubmissions.unitEid))
        .where(eq(reviewSubmissions.status, 'pending'))
        .orderBy(asc(reviewSubmissions.submittedAt), asc(reviewSubmissions.id))
        .limit(limit);
      return rows;
    },

    approve(id, now = new Date()) {
      return db.transaction(async (tx) => {
        const [submission] = await tx
          .select()
          .from(reviewSubmissions)
          .where(and(eq(reviewSubmissions.id, id), eq(reviewSubmissions.status, 'pending')))
          .for('update');
        if (!submission) return null;
        const [published] = await tx
          .insert(reviews)
          .values({
            unitEid: submission.unitEid,
            rating: submission.rating,
            author: submission.author,
            title: reviewTitle(submission.body),
            body: submission.body,
            reviewedOn: now.toISOString().slice(0, 10),
          })
          .returning({ id: reviews.id });
        await tx.update(reviewSubmissions).set({ status: 'approved', decidedAt: now, reviewId: published?.id ?? null }).where(eq(reviewSubmissions.id, id));
        return { eid: submission.unitEid };
      });
    },

    async reject(id, now = new Date()) {
      const [row] = await db
        .update(reviewSubmissions)
        .set({ status: 'rejected', decidedAt: now })
        .where(and(eq(reviewSubmissions.id, id), eq(reviewSubmissions.status, 'pending')))
        .returning({ eid: reviewSubmissions.unitEid });
      return row ? { eid: row.eid } : null;
    },
  };
}

/**
 * What follows a decision on a listing's reviews: the content version is checked again (page
 * data and rendered pages kept for the old one go) and the search index re-reads the listing
 * (its rating and review count; search.generation moves, so kept search pages go too). Resolves
 * once the index has the new figures.
 */
export function followReviewDecisions(deps: { contentVersion: Pick<ContentVersion, 'invalidate'>; search: Pick<SearchService, 'refresh'> }) {
  return async (eid: number): Promise<void> => {
    deps.contentVersion.invalidate();
    await deps.search.refresh([eid]);
  };
}
