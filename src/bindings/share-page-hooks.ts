import { useSelector } from '@xstate/react';
import { useSiteActors } from './site-context';
import './actors/share-page-actors';

/** The share-this-page button and modal (spec §2, §4 Share button). */
export function useSharePage(): { pending: boolean; shown: boolean; form: string; url: string; share: () => void; close: () => void } {
  const { sharePage } = useSiteActors();
  return {
    pending: useSelector(sharePage, (s) => s.hasTag('pending')),
    shown: useSelector(sharePage, (s) => s.matches('shown')),
    form: useSelector(sharePage, (s) => s.context.form),
    url: useSelector(sharePage, (s) => s.context.url),
    share: () => sharePage.send({ type: 'share.page.requested', path: `${window.location.pathname}${window.location.search}` }),
    close: () => sharePage.send({ type: 'share.page.closed' }),
  };
}
