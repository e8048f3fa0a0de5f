import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { FieldProblem } from '@/domain/owner/listing-content';
import type { SiteContentItem, SiteContentKind, SiteContentOptions } from '@/domain/owner/site-content';
import { focusInView } from '@/effects/focus';
import { connectOwnerSiteContent } from '@/effects/owner-site-content';
import { ownerSiteContentMachine } from '@/machines/owner-site-content-machine';
import { fieldElement } from './owner-editor-hooks';
import { useInspect } from './inspect-context';

export type SiteContentActor = ActorRefFrom<typeof ownerSiteContentMachine>;

export type SiteContentState = 'loading' | 'failed' | 'browsing' | 'editing' | 'saving' | 'conflict' | 'saveFailed' | 'confirmingDelete' | 'deleting';

export interface SiteContentPage {
  actor: SiteContentActor;
  state: SiteContentState;
  items: SiteContentItem[];
  options: SiteContentOptions;
  /** The open item's id (null: a new one, or none open). */
  id: string | null;
  /** What the owner typed in the open form (null: none is open). */
  document: unknown;
  dirty: boolean;
  message: string;
  notice: string;
  problems: FieldProblem[];
  current: SiteContentItem | null;
  /** Whether a form is open (editing, saving, a conflict …). */
  open: boolean;
  send: SiteContentActor['send'];
}

/** The ids of the page's focus targets besides the fields. */
export const SITE_CONTENT_LIST_ID = 'site-content-list';
export const SITE_CONTENT_MESSAGE_ID = 'site-content-message';

/** The field a problem's path is shown at: a date range's days share one group. */
const FOCUS_ALIASES: Record<string, string> = { stayTo: 'stayFrom', bookTo: 'bookFrom', endDate: 'beginDate' };

/**
 * One kind's site-content actor (src/machines/owner-site-content-machine.ts), wired to its
 * effects and opened; focus goes to the first field with a problem, or back to the list.
 */
export function useOwnerSiteContent(kind: SiteContentKind, today: string): SiteContentPage {
  const inspect = useInspect();
  const actor = useActorRef(ownerSiteContentMachine, { input: { kind, today }, inspect });
  useEffect(() => {
    const disconnect = connectOwnerSiteContent(actor, {
      focus: (path) => {
        const target =
          path === 'list'
            ? document.getElementById(SITE_CONTENT_LIST_ID)
            : (fieldElement(path === null ? null : (FOCUS_ALIASES[path] ?? path)) ?? document.getElementById(SITE_CONTENT_MESSAGE_ID));
        if (target) focusInView(target);
      },
    });
    actor.send({ type: 'content.opened' });
    return disconnect;
  }, [actor]);
  const state = useSelector(actor, (s) => (s.value === 'idle' ? 'loading' : (s.value as SiteContentState)));
  const typed = useSelector(actor, (s) => s.context.document);
  return {
    actor,
    state,
    items: useSelector(actor, (s) => s.context.items),
    options: useSelector(actor, (s) => s.context.options),
    id: useSelector(actor, (s) => s.context.id),
    document: typed,
    dirty: useSelector(actor, (s) => s.context.document !== s.context.saved),
    message: useSelector(actor, (s) => s.context.message),
    notice: useSelector(actor, (s) => s.context.notice),
    problems: useSelector(actor, (s) => s.context.problems),
    current: useSelector(actor, (s) => s.context.current),
    open: typed !== null,
    send: actor.send,
  };
}
