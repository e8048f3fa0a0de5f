import type { ReactNode } from 'react';
import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';
import type { LeadFormKind } from '@/domain/lead-form-definitions';

export interface LeadFormButtonProps {
  kind: LeadFormKind;
  children: ReactNode;
  className?: string;
  /** A link (the contact page) rather than a button: it still goes there before its code has come. */
  href?: string;
  rental?: { eid: number; name: string };
  /** The element's id (a link's target, as the footer's /contact#newsletter). */
  id?: string;
}

/**
 * What opens a lead form in its modal (spec §2 Lead and inquiry forms). The server renders it;
 * its code comes on intent (pointer, focus, touch) and the dialog's when it is opened, so a page's
 * first script carries next to nothing of it.
 */
export const LeadFormButton = island(
  deferred(() => import('./lead-form-button-live')),
  (module) => module.LeadFormButtonLive,
  { name: 'lead-form-button' },
);
