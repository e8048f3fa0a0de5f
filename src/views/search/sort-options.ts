/** The result orders the visitor can choose (spec §9 Search ordering): '' is the ranking's order. */
export const SORT_OPTIONS = [
  { id: '', label: 'Recommended' },
  { id: 'is_price_min asc', label: 'Price: low to high' },
  { id: 'is_price_max desc', label: 'Price: high to low' },
  { id: 'fs_rating desc', label: 'Guest rating' },
  { id: 'is_bedrooms desc', label: 'Most bedrooms' },
  { id: 'ss_name asc', label: 'Name A–Z' },
];
