import { useLoaderData } from 'react-router';
import type { HomePage as HomePageData } from '@/domain/content';
import { ListingGrid } from '@/views/listing/listing-card';
import { CommunitySlider } from './community-slider';
import { EventList } from './event-list';

export function HomePage() {
  const home = useLoaderData() as HomePageData;
  const [hero] = home.communityPhotos;
  return (
    <div className="page page--home">
      <section className="hero">
        {hero && <img className="hero__image" src={hero.src} alt="" width={hero.width} height={hero.height} fetchPriority="high" />}
        <div className="hero__text">
          <h1>{home.title}</h1>
          <p>{home.intro}</p>
          <p>
            <a className="button button--primary" href="/search">
              Search rentals
            </a>{' '}
            <a className="button button--light" href="/search/map">
              Search on the map
            </a>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="community-photos">
        <h2 id="community-photos">Community photos</h2>
        <CommunitySlider photos={home.communityPhotos} />
      </section>

      <section className="section" aria-labelledby="featured">
        <h2 id="featured">Guest favourites</h2>
        <ListingGrid listings={home.featured} />
      </section>

      <section className="section" aria-labelledby="areas">
        <h2 id="areas">Towns on the coast</h2>
        <ul className="area-list">
          {home.areas.map((area) => (
            <li key={area.slug} className="area-card">
              <h3>{area.name}</h3>
              <p>{area.description}</p>
              <p className="muted">{area.listingCount} rentals</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="upcoming">
        <h2 id="upcoming">Coming up on the coast</h2>
        <EventList events={home.upcomingEvents} level={3} />
        <p>
          <a href="/events">All events</a> · <a href="/things-to-do">Things to do</a>
        </p>
      </section>
    </div>
  );
}
