import { useSelector } from '@xstate/react';
import type { PricedOffer } from '@/domain/pricing/derived';
import { offerKey } from '@/domain/pricing/offers';
import { useSiteActors } from './site-context';
import './actors/quote-actors';

/** The Detailed Quote (spec §2 Quote, §4 Quote button). */
export function useQuote() {
  const { quote } = useSiteActors();
  const loading = useSelector(quote, (s) => s.hasTag('pending'));
  const shown = useSelector(quote, (s) => s.matches('showing'));
  const buttonKey = useSelector(quote, (s) => s.context.buttonKey);
  const html = useSelector(quote, (s) => s.context.html);
  const offer = useSelector(quote, (s) => s.context.offer);
  return {
    loading,
    shown,
    html,
    offer,
    isPending: (candidate: PricedOffer) => loading && buttonKey === offerKey(candidate),
    request: (candidate: PricedOffer) => quote.send({ type: 'quote.requested', offer: candidate, buttonKey: offerKey(candidate) }),
    close: () => quote.send({ type: 'quote.closed' }),
    addToTrips: () => quote.send({ type: 'quote.add.requested' }),
  };
}
