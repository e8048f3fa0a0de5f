import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { clearLocationHash, useLocationHash } from '@/bindings/location-hash-hooks';
import type { LeadFormButtonProps } from './lead-form-button';

/** The dialog, its form, machines and effects: loaded when the visitor opens it, never with the page. */
const LeadFormDialog = lazy(() => import('./lead-form-dialog'));

/**
 * The live opener of a lead form's modal (see lead-form-button.tsx). With an `id`, the address
 * naming it (the footer's /contact#newsletter, followed from another page or on this one) opens the
 * form too; closing it takes the fragment off, so the link opens it again.
 */
export function LeadFormButtonLive({ kind, children, className, href, rental, id }: LeadFormButtonProps) {
  const [pressed, setPressed] = useState(false);
  const hash = useLocationHash();
  const named = id !== undefined && hash === `#${id}`;
  const open = pressed || named;
  const show = (event: MouseEvent) => {
    event.preventDefault();
    setPressed(true);
  };
  const close = () => {
    setPressed(false);
    if (named) clearLocationHash();
  };
  return (
    <>
      {href ? (
        <a id={id} href={href} className={className} aria-haspopup="dialog" onClick={show}>
          {children}
        </a>
      ) : (
        <button id={id} type="button" className={className} aria-haspopup="dialog" onClick={show}>
          {children}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <LeadFormDialog kind={kind} rental={rental} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
