import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useCheckout, useCheckoutCaptcha, useCheckoutTotals, useCountrySelect, usePaymentOption, useProtection } from '@/bindings/checkout-hooks';
import { ASYNC_CAPTCHA_CLASS, CAPTCHA_RESPONSE_FIELD } from '@/domain/lead-forms';
import { CaptchaStatus } from '@/views/ui/captcha-status';
import { useInsuranceState } from '@/bindings/insurance-state-hooks';
import { deferred } from '@/bindings/deferred';
import { useSettings } from '@/bindings/hooks';
import { useLineItems } from '@/bindings/line-item-hooks';
import { useDeferred } from '@/bindings/use-deferred';
import type { CheckoutItem, ProtectionKind, ProtectionOffer, ProtectionValue } from '@/domain/checkout/checkout';
import type { CheckoutPageData } from '@/domain/content';
import { formatMoney } from '@/domain/money';
import { formatStayDate } from '@/domain/pricing/dates';
import { guestLines } from '@/views/order/guest-lines';
import { EmptyTrip } from '@/views/order/empty-trip';
import { PriceChanges } from '@/views/order/price-changes';

/** The decline and state dialogs: their code (react-aria's modal) comes when the form is shown, not with the page. */
const checkoutDialogs = deferred(() => import('./checkout-dialogs'));

/** The form's id: the protection answers beside their stays belong to it. */
const CHECKOUT_FORM = 'checkout-form';

const PAYMENT_LABELS = { cc: 'Card', ach: 'Bank account (ACH)', later: 'Pay later' } as const;

/** A name inside a quoted attribute selector. */
const quoted = (name: string) => name.replace(/["\\]/g, '\\$&');

/** A labelled form field with its server message beside it (aria-describedby). */
function Field({ name, label, error, children }: { name: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="checkout-field" data-invalid={error ? true : undefined}>
      <label htmlFor={`checkout-${name}`}>{label}</label>
      {children}
      {error && (
        <p id={`checkout-${name}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props of an input that has a Field: its id, name and error wiring. */
function fieldProps(name: string, errors: Record<string, string>) {
  const error = errors[name];
  return {
    id: `checkout-${name}`,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `checkout-${name}-error` : undefined,
  };
}

interface ProtectionChoiceProps {
  item: CheckoutItem;
  kind: ProtectionKind;
  offer: ProtectionOffer;
  value: ProtectionValue | undefined;
  error: string | undefined;
  money: (n: number) => string;
}

function ProtectionChoice({ item, kind, offer, value, error, money }: ProtectionChoiceProps) {
  const { attempt } = useProtection();
  const name = `${kind}[${item.key}]`;
  const id = `checkout-${kind}-${item.key}`;
  const price = money(offer.amount);
  const described = error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {};
  return (
    <div className="protection" data-kind={kind} data-invalid={error ? true : undefined}>
      {value !== undefined && <input type="hidden" form={CHECKOUT_FORM} name={name} value={String(value)} />}
      {offer.choice === 'forced' ? (
        <fieldset className="protection__forced">
          <legend>
            {offer.name} for {item.name}: {price}
          </legend>
          <label>
            <input type="radio" name={`${id}-choice`} data-field={name} {...described} checked={value === 1} onChange={() => attempt(item.key, kind, 1)} /> Yes, add {offer.name.toLowerCase()}
          </label>
          <label>
            <input type="radio" name={`${id}-choice`} {...described} checked={value === -1} onChange={() => attempt(item.key, kind, -1)} /> No, I decline
          </label>
        </fieldset>
      ) : offer.choice === 'declinable' ? (
        <label>
          <input type="checkbox" data-field={name} {...described} checked={value === 1} onChange={(e) => attempt(item.key, kind, e.currentTarget.checked ? 1 : -1)} /> {offer.name} for {item.name}: {price}
        </label>
      ) : (
        <label>
          <input type="checkbox" data-field={name} {...described} checked={value === -1} onChange={(e) => attempt(item.key, kind, e.currentTarget.checked ? -1 : 1)} /> I decline {offer.name.toLowerCase()} for{' '}
          {item.name} ({price})
        </label>
      )}
      {offer.description && <p className="muted protection__description">{offer.description}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The checkout (issue 13): the Trips Collection with the protection on offer per stay and the
 * totals it makes, then the guest's details, country and state, the payment option and terms.
 * Every answer of the server is said here; the confirmation page follows a booking.
 */
export function Checkout({ data }: { data: CheckoutPageData }) {
  const { order: settings, insurance: insuranceSettings } = useSettings();
  const items = useLineItems();
  const check = useCheckout();
  const totals = useCheckoutTotals();
  const protection = useProtection();
  const country = useCountrySelect();
  const payment = usePaymentOption();
  const insurance = useInsuranceState();
  const form = useRef<HTMLFormElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const dialogs = useDeferred(checkoutDialogs, true);
  const money = (amount: number) => formatMoney(amount, { currency: check.quote?.currency ?? settings.currency, precision: 2 });
  const byKey = new Map((check.quote?.items ?? []).map((item) => [item.key, item]));
  const { errors } = check;
  // Pay later holds nights without a payment: the captcha is its step (the payment option machine).
  const captcha = useCheckoutCaptcha(form, payment.needsCaptcha, check.submitting);

  // The click that waited for the insurance state goes ahead (spec §5): the submit sends the form.
  const { onProceed } = insurance;
  const { submit } = check;
  useEffect(
    () =>
      onProceed((trigger, province) => {
        if (trigger !== 'submit' || !form.current) return;
        const fields: Record<string, string> = {};
        for (const [name, value] of new FormData(form.current)) if (typeof value === 'string') fields[name] = value;
        if (province) fields.province = province;
        submit(fields);
      }),
    [onProceed, submit],
  );

  // A refused form: focus moves to the first field with a message.
  useEffect(() => {
    const first = Object.keys(errors)
      .map((name) => root.current?.querySelector<HTMLElement>(`[name="${quoted(name)}"]:not([type="hidden"]), [data-field="${quoted(name)}"]`) ?? null)
      .filter((element): element is HTMLElement => element !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    const target = first ?? (check.problem ? form.current?.querySelector<HTMLElement>('.checkout-problem') : null);
    // In the middle of the window, with its label and message, clear of the sticky header (WCAG 2.2
    // 2.4.11; as src/effects/focus.ts focusInView, written here: a module of its own would be one
    // more request for the checkout's first script).
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: 'center' });
  }, [errors, check.problem]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check.submitting) insurance.trigger('submit');
  };
  const askState = check.quote?.insurance.provinceRequired && insurance.province === null;
  const submitText = payment.paysNow ? settings.submit.sps : settings.submit.later;
  const provinceError = errors.province;
  const action = insurance.province ? `/rescms/order/checkout?province=${encodeURIComponent(insurance.province)}` : '/rescms/order/checkout';

  return (
    <div ref={root} className="checkout">
      <div className="checkout-check" role="status" data-state={check.state}>
        {check.state === 'checking' && <p>Checking your prices with our reservations system…</p>}
        {check.state === 'checked' && check.changes.length === 0 && <p>Prices checked: they are up to date.</p>}
        {check.state === 'failed' && <p>We could not check your prices just now. They will be checked again before you pay.</p>}
        {check.changes.length > 0 && <PriceChanges className="checkout-check__changes" changes={check.changes} context="checkout" />}
      </div>
      {/* Every stay was taken out by the check (its arrival passed, it was booked…): said above, and nothing is left to book. */}
      {items.length === 0 && !check.booked && (check.changes.length > 0 || check.state === 'idle') && (
        <EmptyTrip message={check.changes.length > 0 ? 'There is nothing left to check out: add a stay to your Trips Collection first.' : 'There is nothing to check out yet: add a stay to your Trips Collection first.'} />
      )}
      {!check.firstCheck && (items.length > 0 || check.booked) && (
      <>
      <section className="checkout-order" aria-labelledby="checkout-order-heading">
        <h2 id="checkout-order-heading">Your Trips Collection</h2>
        <table className="checkout-order__table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Dates</th>
              <th scope="col">Guests</th>
              <th scope="col" className="num">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map(({ key, item }) => {
              const offered = byKey.get(key);
              return (
                <tr key={key}>
                  <th scope="row">
                    {item.n ?? `Item ${item.eid}`}
                    {item.dn && <span className="checkout-order__offer"> · {item.dn}</span>}
                    {offered &&
                      (['ti', 'dp'] as const).map((kind) => {
                        const offer = offered[kind];
                        return offer ? <ProtectionChoice key={kind} item={offered} kind={kind} offer={offer} value={protection.choices[key]?.[kind]} error={errors[`${kind}[${key}]`] ?? errors[kind]} money={money} /> : null;
                      })}
                  </th>
                  <td>
                    {formatStayDate(item.b)} – {formatStayDate(item.e)}
                  </td>
                  <td>{guestLines(item).join(', ')}</td>
                  <td className="num">{money(item.p)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            {totals && totals.protection > 0 && (
              <tr>
                <th scope="row" colSpan={3}>
                  Protection
                </th>
                <td className="num" data-testid="checkout-protection">
                  {money(totals.protection)}
                </td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="num" data-testid="checkout-total">
                {money(totals?.total ?? items.reduce((sum, { item }) => sum + Math.round(item.p * 100), 0) / 100)}
              </td>
            </tr>
            {totals && (
              <tr>
                <th scope="row" colSpan={3}>
                  Due at booking
                </th>
                <td className="num" data-testid="checkout-due-now">
                  {money(totals.dueNow)}
                </td>
              </tr>
            )}
          </tfoot>
        </table>
        {settings.subtotal_annotation && <p className="muted">{settings.subtotal_annotation}</p>}
        {check.quote?.insurance.note && (
          <p className="checkout-insurance" data-invalid={provinceError ? true : undefined}>
            {check.quote.insurance.note}{' '}
            {askState && (
              <button type="button" className="button button--secondary" onClick={() => insurance.trigger('state')}>
                {insuranceSettings.texts.select_prompt}
              </button>
            )}
          </p>
        )}
        {provinceError && <p className="field-error">{provinceError}</p>}
      </section>

      <form ref={form} id={CHECKOUT_FORM} className="checkout-form" method="post" action={action} noValidate onSubmit={onSubmit} aria-labelledby="checkout-form-heading">
        <h2 id="checkout-form-heading">Your details</h2>
        <div className="checkout-form__grid">
          <Field name="first_name" label="First name" error={errors.first_name}>
            <input {...fieldProps('first_name', errors)} autoComplete="given-name" maxLength={60} required />
          </Field>
          <Field name="last_name" label="Last name" error={errors.last_name}>
            <input {...fieldProps('last_name', errors)} autoComplete="family-name" maxLength={60} required />
          </Field>
          <Field name="email" label="Email" error={errors.email}>
            <input {...fieldProps('email', errors)} type="email" autoComplete="email" maxLength={254} required />
          </Field>
          <Field name="phone" label="Phone" error={errors.phone}>
            <input {...fieldProps('phone', errors)} type="tel" autoComplete="tel" maxLength={30} required />
          </Field>
          <Field name="address" label="Address" error={errors.address}>
            <input {...fieldProps('address', errors)} autoComplete="street-address" maxLength={200} required />
          </Field>
          <Field name="city" label="City" error={errors.city}>
            <input {...fieldProps('city', errors)} autoComplete="address-level2" maxLength={100} required />
          </Field>
          <Field name="postal_code" label="Postal code" error={errors.postal_code}>
            <input {...fieldProps('postal_code', errors)} autoComplete="postal-code" maxLength={20} required />
          </Field>
          <Field name="country" label="Country" error={errors.country}>
            <select {...fieldProps('country', errors)} autoComplete="country" required value={country.country} onChange={(e) => country.choose(e.currentTarget.value)}>
              <option value="">Select...</option>
              {data.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          {!(country.state === 'loaded' && country.provinces.length === 0) && (
            <Field name="state" label="State or province" error={errors.state}>
              <select {...fieldProps('state', errors)} autoComplete="address-level1" required disabled={country.state !== 'loaded'} aria-busy={country.state === 'loading' || undefined}>
                {country.state === 'loading' ? <option value="">Loading...</option> : <option value="">Select...</option>}
                {country.provinces.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              {country.state === 'failed' && (
                <p className="field-error">
                  The states could not be loaded.{' '}
                  <button type="button" className="link-button" onClick={() => country.choose(country.country)}>
                    Try again
                  </button>
                </p>
              )}
            </Field>
          )}
          <Field name="notes" label="Arrival notes (optional)" error={errors.notes}>
            <textarea {...fieldProps('notes', errors)} rows={3} maxLength={2000} />
          </Field>
        </div>

        <fieldset
          className="checkout-payment"
          aria-invalid={errors['payment[payment_option]'] ? true : undefined}
          aria-describedby={errors['payment[payment_option]'] ? 'checkout-payment-error' : undefined}
        >
          <legend>Payment</legend>
          {data.payment.test && <p className="notice">{data.payment.label}</p>}
          {data.payment.options.map((option) => (
            <label key={option} className="checkout-payment__option">
              <input type="radio" name="payment[payment_option]" value={option} onChange={(e) => payment.choose(e.currentTarget.value)} required /> {PAYMENT_LABELS[option]}
            </label>
          ))}
          {errors['payment[payment_option]'] && (
            <p id="checkout-payment-error" className="field-error">
              {errors['payment[payment_option]']}
            </p>
          )}
          {payment.needsCaptcha && (
            <div className="checkout-captcha" data-invalid={errors[CAPTCHA_RESPONSE_FIELD] ? true : undefined}>
              <p id="checkout-captcha-note" className="muted">
                Pay later holds the nights for you until you confirm the booking from the email we send. Please complete the security check first.
              </p>
              <div className={ASYNC_CAPTCHA_CLASS} aria-describedby="checkout-captcha-note" />
              <input type="hidden" name={CAPTCHA_RESPONSE_FIELD} />
              <CaptchaStatus actor={captcha} />
              {errors[CAPTCHA_RESPONSE_FIELD] && (
                <p id={`checkout-${CAPTCHA_RESPONSE_FIELD}-error`} className="field-error" data-field={CAPTCHA_RESPONSE_FIELD} tabIndex={-1}>
                  {errors[CAPTCHA_RESPONSE_FIELD]}
                </p>
              )}
            </div>
          )}
          {payment.paysNow && data.payment.testTokens.length > 0 && (
            <Field name="payment[token]" label={payment.option === 'ach' ? 'Test bank account' : 'Test card'} error={errors['payment[token]']}>
              <select {...fieldProps('payment[token]', errors)} required>
                {data.payment.testTokens.map((token) => (
                  <option key={token.token} value={token.token}>
                    {token.label}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </fieldset>

        <div className="checkout-terms" data-invalid={errors.terms ? true : undefined}>
          <label>
            <input type="checkbox" name="terms" value="1" aria-invalid={errors.terms ? true : undefined} aria-describedby={errors.terms ? 'checkout-terms-error' : undefined} /> I accept
            the{' '}
            <a href={data.termsUrl} target="_blank" rel="noopener">
              terms and conditions
            </a>
          </label>
          {errors.terms && (
            <p id="checkout-terms-error" className="field-error">
              {errors.terms}
            </p>
          )}
        </div>
        {totals && <input type="hidden" name="total" value={totals.total.toFixed(2)} />}

        {check.problem && (
          <p className="checkout-problem" role="alert" tabIndex={-1}>
            {check.problem}
          </p>
        )}
        {payment.paysNow && <p className="checkout-submit-copy">{settings.submit.copy}</p>}
        <button type="submit" className="button button--primary checkout-submit" disabled={check.submitting} aria-busy={check.submitting || undefined}>
          {check.submitting ? 'Booking…' : submitText}
        </button>
      </form>
      </>
      )}
      {dialogs && <dialogs.CheckoutDialogs />}
    </div>
  );
}
