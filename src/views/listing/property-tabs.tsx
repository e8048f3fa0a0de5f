import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { ListingDetail } from '@/domain/content';
import { AmenityGroups } from './amenity-info';
import { PhotoGallery } from './photo-gallery';
import './listing-details.css';

/**
 * The 'property information' section group of the listing page (spec §2 Listing detail page):
 * react-aria tabs whose titles share the width evenly. Arrow keys move between the titles,
 * Home and End go to the first and last, Tab goes into the open panel (the ARIA tabs pattern).
 * Every panel is in the server's HTML (hidden until chosen), so search engines and visitors
 * without JavaScript read it all and nothing moves when the page hydrates.
 */
export function PropertyTabs({ listing }: { listing: ListingDetail }) {
  const hasMedia = Boolean(listing.virtualTourUrl || listing.videoUrl);
  return (
    <section className="property-info" aria-labelledby="property-information">
      <h2 id="property-information">Property information</h2>
      <Tabs className="property-tabs" defaultSelectedKey="about">
        <TabList className="property-tabs__list" aria-label="Property information">
          <Tab className="property-tabs__tab" id="about">
            About
          </Tab>
          <Tab className="property-tabs__tab" id="amenities">
            Amenities
          </Tab>
          <Tab className="property-tabs__tab" id="photos">
            Gallery
          </Tab>
          {hasMedia && (
            <Tab className="property-tabs__tab" id="tours">
              Tour and video
            </Tab>
          )}
        </TabList>
        <TabPanel className="property-tabs__panel" id="about" shouldForceMount>
          <h3 className="visually-hidden">About this rental</h3>
          {listing.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          <dl className="facts">
            <dt>Type</dt>
            <dd>{listing.type}</dd>
            <dt>Bedrooms</dt>
            <dd>{listing.bedrooms}</dd>
            <dt>Bathrooms</dt>
            <dd>{listing.bathrooms}</dd>
            <dt>Sleeps</dt>
            <dd>{listing.sleeps}</dd>
          </dl>
        </TabPanel>
        <TabPanel className="property-tabs__panel" id="amenities" shouldForceMount>
          <AmenityGroups categories={listing.amenityCategories} />
        </TabPanel>
        <TabPanel className="property-tabs__panel" id="photos" shouldForceMount>
          <PhotoGallery photos={listing.photos} />
        </TabPanel>
        {hasMedia && (
          <TabPanel className="property-tabs__panel" id="tours" shouldForceMount>
            <ul className="link-list">
              {listing.virtualTourUrl && (
                <li>
                  <a href={listing.virtualTourUrl}>Take the virtual tour</a>
                </li>
              )}
              {listing.videoUrl && (
                <li>
                  <a href={listing.videoUrl}>Watch the video</a>
                </li>
              )}
            </ul>
          </TabPanel>
        )}
      </Tabs>
    </section>
  );
}
