import { Outlet, useLocation, useNavigation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { SearchPanel } from './search-panel';
import { StatusMessages } from './status-messages';

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
    </div>
  );
}
