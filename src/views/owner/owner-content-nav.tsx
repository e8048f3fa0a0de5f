import { SITE_CONTENT_KINDS, SITE_CONTENT_TITLES, type SiteContentKind } from '@/domain/owner/site-content';

/** Where each part of the site's content is edited: the listings and the five other kinds. */
export const contentPath = (kind: SiteContentKind): string => `/admin/content/${kind}`;

/** The owner's content sections, on the listings page and on every content page. */
export function OwnerContentNav({ current }: { current: SiteContentKind | 'listings' }) {
  const links: Array<{ href: string; title: string; key: SiteContentKind | 'listings' }> = [
    { href: '/admin/listings', title: 'Listings', key: 'listings' },
    ...SITE_CONTENT_KINDS.map((kind) => ({ href: contentPath(kind), title: SITE_CONTENT_TITLES[kind].title, key: kind })),
  ];
  return (
    <nav aria-label="Site content" className="owner-content-nav">
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <a href={link.href} aria-current={link.key === current ? 'page' : undefined}>
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
