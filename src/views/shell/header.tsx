import { useRef } from 'react';
import { useIsHeaderTiny, useMenu, useSearchPanel, useSettings } from '@/bindings/hooks';
import { FavouritesCounter } from '@/views/flag/favourites-counter';
import { OrderWidget } from '@/views/order/order-widget';
import { preload } from '@/bindings/deferred';
import { PlainButton } from '@/views/ui/plain-button';
import { searchPanelContent } from './search-panel';
import { SharePageButton } from './page-share';

const preloadPanel = () => preload(searchPanelContent);

/** The page header (spec §2): tiny once scrolled, favourites counter, search trigger, mobile menu toggle. */
export function Header({ currentPath }: { currentPath: string }) {
  const settings = useSettings();
  const tiny = useIsHeaderTiny();
  const menu = useMenu();
  const panel = useSearchPanel();
  const menuToggle = useRef<HTMLButtonElement>(null);
  return (
    <header className="site-header" data-tiny={tiny || undefined}>
      <div className="site-header__inner">
        <a className="site-header__brand" href="/">
          {/* The logo and the search icon are drawn by the stylesheet: every page's first script stays smaller. */}
          <span aria-hidden="true" className="site-header__logo" />
          <span className="site-header__name">{settings.site.name}</span>
        </a>
        <PlainButton
          ref={menuToggle}
          variant="quiet"
          className="site-header__menu-toggle"
          aria-expanded={menu.expanded}
          aria-controls="main-navigation"
          onPress={menu.toggle}
        >
          <span aria-hidden="true">☰</span> Menu
        </PlainButton>
        <nav
          id="main-navigation"
          className="site-nav"
          aria-label="Main"
          data-expanded={menu.expanded || undefined}
          onKeyDown={(event) => {
            // Escape closes the expanded menu and gives focus back to its toggle.
            if (event.key === 'Escape' && menu.expanded) {
              menu.close();
              menuToggle.current?.focus();
            }
          }}
        >
          <ul>
            {settings.menu.map((item) => (
              <li key={item.path}>
                <a href={item.path} aria-current={currentPath === item.path ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <PlainButton
            variant="quiet"
            className={`search-trigger ${panel.shown ? 'hide-search' : 'show-search'}`}
            aria-expanded={panel.shown}
            aria-controls="search-panel"
            onPress={panel.toggle}
            onPointerEnter={preloadPanel}
            onFocus={preloadPanel}
          >
            <i aria-hidden="true" className="icon" />
            <span>Search</span>
          </PlainButton>
          <SharePageButton />
          <FavouritesCounter onFavouritesView={currentPath === settings.flag.path} />
          <OrderWidget />
        </div>
      </div>
    </header>
  );
}
