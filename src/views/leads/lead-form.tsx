import { useMemo, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { namedCountries } from '@/domain/country-codes';
import { ANTIBOT_KEY_FIELD, FORM_ID_FIELD, HONEYPOT_FIELD, LEAD_SUBMIT_PATH, type LeadFieldDefinition, type LeadFormDefinition } from '@/domain/lead-form-definitions';
import { ASYNC_CAPTCHA_CLASS, CAPTCHA_FORM_ATTRIBUTE, CAPTCHA_RESPONSE_FIELD, OPT_IN_FIELD, OPT_IN_REQUIRED_ATTRIBUTE } from '@/domain/lead-forms';
import { useLeadFormActors, useLeadFormBindings, type LeadFormActors } from '@/bindings/lead-form-hooks';
import { CaptchaStatus } from '@/views/ui/captcha-status';
import { Notification } from '@/views/ui/notification';
import { SearchableSelect } from '@/views/ui/searchable-select';

type Rental = { eid: number; name: string };

const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel', country: 'country' };

/** A lead form (spec §2, §4 Lead form in a modal, §5 Forms): its actors start as it appears. */
export function LeadForm(props: { definition: LeadFormDefinition; rental?: Rental; onClose: () => void; inspect?: (event: InspectionEvent) => void }) {
  const { definition, rental, onClose, inspect } = props;
  const actors = useLeadFormActors(definition, inspect);
  if (!actors) return <p className="lead-form__status">Preparing the form…</p>;
  return <LeadFormView definition={definition} rental={rental} actors={actors} onClose={onClose} />;
}

function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  new FormData(form).forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
  });
  return fields;
}

function LeadFormView({ definition, rental, actors, onClose }: { definition: LeadFormDefinition; rental?: Rental; actors: LeadFormActors; onClose: () => void }) {
  const { form: actor, notification } = actors;
  const locked = useSelector(actor, (s) => s.hasTag('locked'));
  const pending = useSelector(actor, (s) => s.hasTag('pending'));
  const unavailable = useSelector(actor, (s) => s.matches('unavailable'));
  const sent = useSelector(actor, (s) => s.matches('sent'));
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const message = useSelector(actor, (s) => s.context.message);
  const antibotKey = useSelector(actor, (s) => s.context.settings.antibotKey);
  const formRef = actors.element;
  const captcha = useLeadFormBindings(formRef, antibotKey);
  const countries = useMemo(() => namedCountries().map(({ code, name }) => ({ id: code, label: name })), []);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The captcha or the submit guard may have intercepted it (capture phase).
    if (event.defaultPrevented) return;
    event.preventDefault();
    const form = event.currentTarget;
    const fields = formFields(form);
    actor.send({ type: 'lead.submitted', fields, optIn: fields[OPT_IN_FIELD] === '1' });
  };
  const id = (name: string) => `${definition.id}-${name}`;
  const errorId = (name: string) => `${definition.id}-${name}-error`;
  const described = (name: string) => (fieldErrors[name] ? errorId(name) : undefined);
  const field = (f: LeadFieldDefinition) => {
    if (f.name === 'country')
      return <SearchableSelect key={f.name} label={f.label} name="country" options={countries} placeholder="Type to search" errorMessage={fieldErrors.country} className="lead-form__field" />;
    const common = {
      id: id(f.name),
      name: f.name,
      required: f.required,
      maxLength: f.maxLength,
      autoComplete: AUTOCOMPLETE[f.name],
      'aria-invalid': fieldErrors[f.name] ? true : undefined,
      'aria-describedby': described(f.name),
    };
    return (
      <div key={f.name} className="lead-form__field">
        <label htmlFor={id(f.name)}>{f.label}</label>
        {f.name === 'message' ? <textarea {...common} rows={4} /> : <input {...common} type={f.name === 'email' ? 'email' : f.name === 'phone' ? 'tel' : 'text'} />}
        {fieldErrors[f.name] && (
          <p id={errorId(f.name)} className="field-error">
            {fieldErrors[f.name]}
          </p>
        )}
      </div>
    );
  };
  return (
    <div className="lead-form" data-state={sent ? 'sent' : locked ? 'locked' : pending ? 'sending' : 'ready'}>
      {sent ? (
        <div className="lead-form__sent">
          <p>{message}</p>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
        </div>
      ) : (
        <form
          ref={formRef}
          id={definition.id}
          className="lead-form__form"
          method="post"
          action={`${LEAD_SUBMIT_PATH}/${definition.id}`}
          aria-label={definition.title}
          aria-busy={pending || locked}
          onSubmit={onSubmit}
          {...{ [CAPTCHA_FORM_ATTRIBUTE]: '' }}
          {...(definition.optInRequired ? { [OPT_IN_REQUIRED_ATTRIBUTE]: '' } : {})}
        >
          <p className="lead-form__intro">{definition.intro}</p>
          {locked && !unavailable && <p className="lead-form__status">Preparing the form…</p>}
          {unavailable && (
            <div className="lead-form__unavailable" role="alert">
              <p>{message}</p>
              <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'lead.retried' })}>
                Try again
              </button>
            </div>
          )}
          {!unavailable && message && !locked && (
            <p className="lead-form__message field-error" role="alert">
              {message}
            </p>
          )}
          <fieldset className="lead-form__fields" disabled={locked}>
            <legend className="visually-hidden">{definition.title}</legend>
            <input type="hidden" name={FORM_ID_FIELD} value={definition.id} />
            {/* No value prop on the fields scripts fill (the anti-bot key, the captcha token): React would write it back on every render. */}
            <input type="hidden" name={ANTIBOT_KEY_FIELD} />
            {rental && <input type="hidden" name="eid" value={String(rental.eid)} />}
            {definition.fields.map(field)}
            {/* The honeypot: people never see or hear it; a bot that fills it is discarded. */}
            <div className="lead-form__hp" aria-hidden="true">
              <label htmlFor={id(HONEYPOT_FIELD)}>Leave this field empty</label>
              <input id={id(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <div className="lead-form__optin">
              <input
                id={id(OPT_IN_FIELD)}
                name={OPT_IN_FIELD}
                type="checkbox"
                value="1"
                aria-invalid={fieldErrors[OPT_IN_FIELD] ? true : undefined}
                aria-describedby={described(OPT_IN_FIELD)}
              />
              <label htmlFor={id(OPT_IN_FIELD)}>{definition.optInLabel}</label>
              {fieldErrors[OPT_IN_FIELD] && (
                <p id={errorId(OPT_IN_FIELD)} className="field-error">
                  {fieldErrors[OPT_IN_FIELD]}
                </p>
              )}
            </div>
            <div className={ASYNC_CAPTCHA_CLASS} />
            <input type="hidden" name={CAPTCHA_RESPONSE_FIELD} />
            <CaptchaStatus actor={captcha} />
            <div className="lead-form__actions">
              <button type="submit" className="button button--primary" aria-disabled={pending || undefined} data-pending={pending || undefined}>
                {pending ? 'Sending…' : definition.submitLabel}
              </button>
            </div>
          </fieldset>
        </form>
      )}
      <Notification actor={notification} />
    </div>
  );
}
