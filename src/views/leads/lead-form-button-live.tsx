import { lazy, Suspense, useState, type MouseEvent } from 'react';
import type { LeadFormButtonProps } from './lead-form-button';

/** The dialog, its form, machines and effects: loaded when the visitor opens it, never with the page. */
const LeadFormDialog = lazy(() => import('./lead-form-dialog'));

/** The live opener of a lead form's modal (see lead-form-button.tsx). */
export function LeadFormButtonLive({ kind, children, className, href, rental, id }: LeadFormButtonProps) {
  const [open, setOpen] = useState(false);
  const show = (event: MouseEvent) => {
    event.preventDefault();
    setOpen(true);
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
          <LeadFormDialog kind={kind} rental={rental} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
