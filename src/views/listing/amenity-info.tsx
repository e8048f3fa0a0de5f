import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { AmenityCategory } from '@/domain/content';

/**
 * The amenity groups with their info icons (spec §2 Listing detail page): hovering the icon of
 * category {categoryId} opens the popup with id 'amenity-detail-{categoryId}' and leaving the
 * icon closes it. The same by keyboard (focus opens, leaving the icon or Escape closes) and by
 * touch (a tap opens, a tap elsewhere closes). One popup is open at a time. The popups are in
 * the server's HTML (hidden), so the icon's description is there before the page hydrates.
 */
export function AmenityGroups({ categories }: { categories: AmenityCategory[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const close = (id: string) => setOpen((current) => (current === id ? null : current));
  return (
    <div className="amenities">
      {categories.map((category) => {
        const shown = open === category.id;
        const popupId = `amenity-detail-${category.id}`;
        const mouse = (handler: () => void) => (event: PointerEvent) => {
          // A touch has no hover: its tap opens the popup (click) and leaving it (blur) closes it.
          if (event.pointerType !== 'touch') handler();
        };
        return (
          <div key={category.id} className="amenities__group" id={`amenity-category-${category.id}`}>
            <h3 className="amenities__title">
              {category.name}
              <button
                type="button"
                className="amenity-info"
                id={`amenity-icon-${category.id}`}
                data-category={category.id}
                aria-label={`About ${category.name}`}
                aria-expanded={shown}
                aria-controls={popupId}
                aria-describedby={shown ? popupId : undefined}
                onPointerEnter={mouse(() => setOpen(category.id))}
                onPointerLeave={mouse(() => close(category.id))}
                onFocus={() => setOpen(category.id)}
                onBlur={() => close(category.id)}
                onClick={() => setOpen(category.id)}
                onKeyDown={(event: KeyboardEvent) => {
                  if (event.key === 'Escape' && shown) {
                    event.stopPropagation();
                    close(category.id);
                  }
                }}
              >
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                  <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
                  <rect x="9" y="8.5" width="2" height="6" rx="1" fill="currentColor" />
                  <circle cx="10" cy="5.75" r="1.25" fill="currentColor" />
                </svg>
              </button>
            </h3>
            <div className="amenity-popup" id={popupId} role="tooltip" hidden={!shown}>
              {category.description}
            </div>
            <ul>
              {category.amenities.map((amenity) => (
                <li key={amenity}>{amenity}</li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
