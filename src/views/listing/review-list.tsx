import type { Review } from '@/domain/content';
import { PagedList } from '@/views/ui/paged-list';

/** Reviews per page of the paged list (spec §2 Other displays). */
const REVIEWS_PER_PAGE = 3;

/** The listing's published reviews, newest first, as a paged list titled by review titles. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p>No reviews yet. Stayed here? Tell the next guests how it was.</p>;
  return (
    <PagedList items={reviews} pageSize={REVIEWS_PER_PAGE} caption={(review) => review.title} label="Reviews">
      {(page) => (
        <ul className="reviews">
          {page.map((review, index) => (
            <li key={index} className="review">
              <p className="review__rating" aria-label={`${review.rating} out of 5`}>
                {'★'.repeat(review.rating)}
                <span className="muted">{'★'.repeat(5 - review.rating)}</span>
              </p>
              <h3 className="review__title">{review.title}</h3>
              <p>{review.body}</p>
              <p className="muted">
                {review.author}, {review.date}
              </p>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
