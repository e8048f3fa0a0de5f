import type { ListingDetail } from '@/domain/content';
import { AmenityGroups } from './amenity-info';
import { DescriptionParts, HouseRules } from './house-info';
import { PhotoGallery } from './photo-gallery';
import { Tabs, type TabItem } from './tabs';
import { TourSlider } from './tour-slider';
import './listing-details.css';

/**
 * The 'property information' section group of the listing page (spec §2 Listing detail page):
 * tabs whose titles share the width evenly. Arrow keys move between the titles,
 * Home and End go to the first and last, Tab goes into the open panel (the ARIA tabs pattern).
 * Every panel is in the server's HTML (hidden until chosen), so search engines and visitors
 * without JavaScript read it all and nothing moves when the page hydrates.
 */
export function PropertyTabs({ listing }: { listing: ListingDetail }) {
  const items: TabItem[] = [
    {
      id: 'about',
      title: 'About',
      content: (
        <>
          <h3 className="visually-hidden">About this rental</h3>
          {listing.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          {listing.info && <DescriptionParts info={listing.info} />}
          <dl className="facts">
            <dt>Type</dt>
            <dd>{listing.type}</dd>
            <dt>Bedrooms</dt>
            <dd>{listing.bedrooms}</dd>
            <dt>Bathrooms</dt>
            <dd>{listing.bathrooms}</dd>
            <dt>Sleeps</dt>
            <dd>{listing.sleeps}</dd>
            {listing.info && listing.info.beds > 0 && (
              <>
                <dt>Beds</dt>
                <dd>{listing.info.beds}</dd>
              </>
            )}
          </dl>
        </>
      ),
    },
    { id: 'amenities', title: 'Amenities', content: <AmenityGroups categories={listing.amenityCategories} /> },
    { id: 'photos', title: 'Gallery', content: <PhotoGallery photos={listing.photos} /> },
  ];
  if (listing.info) items.push({ id: 'rules', title: 'House rules', content: <HouseRules info={listing.info} /> });
  if (listing.virtualTourUrl || listing.videoUrl) {
    items.push({
      id: 'tours',
      title: 'Tour and video',
      content: <TourSlider name={listing.name} virtualTourUrl={listing.virtualTourUrl} videoUrl={listing.videoUrl} />,
    });
  }
  return (
    <section className="property-info" aria-labelledby="property-information">
      <h2 id="property-information">Property information</h2>
      <Tabs items={items} label="Property information" className="property-tabs" />
    </section>
  );
}
