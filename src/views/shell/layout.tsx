import { Outlet, useLocation, useNavigation } from 'react-router';
import { deferred } from '@/bindings/deferred';
import { usePricingDialogsWanted } from '@/bindings/made-actor-hooks';
import { useDeferred } from '@/bindings/use-deferred';
import { StateChooserHost } from '@/views/checkout/state-chooser-host';
import { Consent } from './consent';
import { Footer } from './footer';
import { Header } from './header';
import { SearchPanel } from './search-panel';
import { StatusMessages } from './status-messages';

const pricingDialogs = deferred(() => import('@/views/pricing/pricing-dialogs'));

/** The page's pricing modals and Detailed Quote (from result cards, the booking box or the order detail), loaded when one opens. */
function LazyPricingDialogs() {
  const loaded = useDeferred(pricingDialogs, usePricingDialogsWanted());
  return loaded ? <loaded.PricingDialogs /> : null;
}

/** The page shell around every screen (spec §2 Global page areas). */
export function Layout() {
  const location = useLocation();
  const navigation = useNavigation();
  return (
    <div className="site" data-loading={navigation.state !== 'idle' || undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header currentPath={location.pathname} />
      <SearchPanel />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <StatusMessages />
      <LazyPricingDialogs />
      <StateChooserHost />
      <Consent />
    </div>
  );
}
