import { useSettings } from '@/bindings/hooks';
import { CookieSettingsLink } from './consent';
import { JumpMenu } from './jump-menu';

const PAGES = [
  { label: 'About us', path: '/about-us' },
  { label: 'Contact us', path: '/contact' },
  // The contact page opens the contact and newsletter forms in their modals (their code is not in every page's first script);
  // arriving at #newsletter, or following this link there, opens the newsletter's (src/views/leads/lead-form-button-live.tsx).
  { label: 'Newsletter', path: '/contact#newsletter' },
  { label: 'Cancellation policy', path: '/cancellation-policy' },
  { label: 'Terms and conditions', path: '/terms-and-conditions' },
  { label: 'Privacy policy', path: '/privacy-policy' },
  { label: 'State charts', path: '/statecharts' },
];

export function Footer() {
  const { site } = useSettings();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__name">{site.name}</p>
          <p>
            Call us: <a href={`tel:${site.phone}`}>{site.phone}</a> · <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
        </div>
        <nav aria-label="Site information">
          <ul className="site-footer__links">
            {PAGES.map((page) => (
              <li key={page.path}>
                <a href={page.path}>{page.label}</a>
              </li>
            ))}
            <CookieSettingsLink />
          </ul>
        </nav>
        <JumpMenu
          label="Explore the coast"
          placeholder="Choose…"
          options={[
            { label: 'Events', value: 'events::/events' },
            { label: 'Things to do', value: 'things::/things-to-do' },
            { label: 'All rentals', value: '/search' },
            { label: 'Map search', value: 'map::/search/map' },
          ]}
        />
      </div>
    </footer>
  );
}
