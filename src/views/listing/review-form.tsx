import { useEffect, type FormEvent } from 'react';
import { useReviewForm } from '@/bindings/review-form-hooks';
import { ASYNC_CAPTCHA_CLASS, CAPTCHA_FORM_ATTRIBUTE, CAPTCHA_RESPONSE_FIELD } from '@/domain/lead-forms';
import { REVIEW_HONEYPOT_FIELD, REVIEW_NAME_MAX, REVIEW_TEXT_MAX, stayMonthOptions } from '@/domain/review-form';
import { Button } from '@/views/ui/button';
import { CaptchaStatus } from '@/views/ui/captcha-status';
import { Modal } from '@/views/ui/modal';
import './review-form.css';

export interface ReviewFormDialogProps {
  eid: number;
  listingName: string;
  /** Counts the visitor's presses of 'Write a review': each one opens the form. */
  openRequests: number;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The listing's review form in a modal (spec §2 Listing detail page; issue 15 item 7), loaded on
 * demand when the visitor first asks for it. Rating (a radio group of stars), text, name and the
 * month of the stay; the server's message per field sits under it (aria-describedby) and focus
 * goes to the first; every entry stays through a failure. A captcha-protected form (spec §4): the
 * captcha and the submit guard intercept in the capture phase, so a submit they stopped is left alone.
 */
export default function ReviewFormDialog({ eid, listingName, openRequests }: ReviewFormDialogProps) {
  const review = useReviewForm(eid);
  const { open } = review;
  // Each press of the page's button (outside this chunk) is the visitor opening the form.
  useEffect(() => {
    if (openRequests > 0) open();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one opening per press
  }, [openRequests]);
  const { entries, errors, state } = review;
  const sending = state === 'sending';
  const months = stayMonthOptions(new Date());
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    review.submit({ [CAPTCHA_RESPONSE_FIELD]: field(CAPTCHA_RESPONSE_FIELD), [REVIEW_HONEYPOT_FIELD]: field(REVIEW_HONEYPOT_FIELD) });
  };
  const described = (field: 'text' | 'name' | 'stayMonth') =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `review-${field}-error` } : {};
  const fieldError = (field: 'text' | 'name' | 'stayMonth') =>
    errors[field] && (
      <p id={`review-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    );
  return (
    <Modal isOpen={state !== 'closed'} onClose={review.close} title="Write a review" size="small">
      <div className="review-form-intro">
        <p>
          How was your stay at <strong>{listingName}</strong>? Your review helps the next guests choose.
        </p>
        <p className="muted">Reviews are published once the site owner has checked them.</p>
      </div>
      {state === 'sent' ? (
        <div className="review-form__sent">
          <p role="status" data-review-message tabIndex={-1}>
            {review.message}
          </p>
          <Button variant="primary" onPress={review.close} autoFocus>
            Close
          </Button>
        </div>
      ) : (
        <form
          ref={review.formRef}
          id="review-form"
          className="review-form"
          aria-label={`Review of ${listingName}`}
          noValidate
          onSubmit={onSubmit}
          {...{ [CAPTCHA_FORM_ATTRIBUTE]: '' }}
          data-state={state}
        >
          {review.message && (
            <p className="review-form__message" role="alert" data-review-message tabIndex={-1}>
              {review.message}
            </p>
          )}
          <fieldset
            className="review-form__field review-rating"
            role="radiogroup"
            aria-labelledby="review-rating-label"
            data-review-field="rating"
            aria-invalid={errors.rating ? true : undefined}
            aria-describedby={errors.rating ? 'review-rating-error' : undefined}
          >
            <legend id="review-rating-label" className="review-form__label">
              Your rating
            </legend>
            <div className="review-rating__stars">
              {STARS.map((stars) => (
                <label key={stars} className="review-rating__star">
                  <input
                    type="radio"
                    className="visually-hidden"
                    name="rating"
                    value={stars}
                    checked={entries.rating === String(stars)}
                    onChange={() => review.change('rating', String(stars))}
                  />
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">{`${stars} ${stars === 1 ? 'star' : 'stars'}`}</span>
                </label>
              ))}
            </div>
            {errors.rating && (
              <p id="review-rating-error" className="field-error">
                {errors.rating}
              </p>
            )}
          </fieldset>
          <div className="review-form__field" data-invalid={errors.text ? true : undefined}>
            <label className="review-form__label" htmlFor="review-text">
              Your review
            </label>
            <textarea
              id="review-text"
              name="text"
              rows={5}
              maxLength={REVIEW_TEXT_MAX}
              data-review-field="text"
              value={entries.text}
              onChange={(event) => review.change('text', event.currentTarget.value)}
              {...described('text')}
            />
            {fieldError('text')}
          </div>
          <div className="review-form__row">
            <div className="review-form__field" data-invalid={errors.name ? true : undefined}>
              <label className="review-form__label" htmlFor="review-name">
                Your name
              </label>
              <input
                id="review-name"
                name="name"
                autoComplete="name"
                maxLength={REVIEW_NAME_MAX}
                data-review-field="name"
                value={entries.name}
                onChange={(event) => review.change('name', event.currentTarget.value)}
                {...described('name')}
              />
              {fieldError('name')}
            </div>
            <div className="review-form__field" data-invalid={errors.stayMonth ? true : undefined}>
              <label className="review-form__label" htmlFor="review-stay-month">
                When did you stay?
              </label>
              <select
                id="review-stay-month"
                name="stayMonth"
                data-review-field="stayMonth"
                value={entries.stayMonth}
                onChange={(event) => review.change('stayMonth', event.currentTarget.value)}
                {...described('stayMonth')}
              >
                <option value="">Choose a month</option>
                {months.map((month) => (
                  <option key={month.value} value={month.value}>
                    {month.label}
                  </option>
                ))}
              </select>
              {fieldError('stayMonth')}
            </div>
          </div>
          {/* People never see it; bots that fill every field do (server/reviews/routes.ts drops their reviews). */}
          <div className="review-form__trap">
            <label htmlFor="review-website">Website</label>
            <input id="review-website" name={REVIEW_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div className={ASYNC_CAPTCHA_CLASS} />
          <input type="hidden" name={CAPTCHA_RESPONSE_FIELD} defaultValue="" />
          <CaptchaStatus actor={review.captcha} />
          <div className="modal__actions">
            <Button variant="primary" type="submit" isPending={sending} data-pending={sending || undefined}>
              {sending ? 'Sending…' : 'Send review'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
