/**
 * The site's map tiles, apart from the settings schema so that a page with a map does not load
 * the schema's code (src/domain/settings.ts re-exports these).
 */

/** The built-in demo tiles (server/tiles), drawn on the server; used while site.map_tile_url is empty. */
export const DEMO_TILE_URL = '/tiles/{z}/{x}/{y}.svg';
export const DEMO_TILE_ATTRIBUTION = 'Demo map of the Coral Haven Coast (fictional)';

/**
 * The tile layer of the site's maps: the owner's template and attribution, or the demo tiles.
 *
 * @example mapTileLayer({ map_tile_url: '' }) // { url: '/tiles/{z}/{x}/{y}.svg', attribution: 'Demo map …', demo: true }
 */
export function mapTileLayer(site: { map_tile_url: string; map_tile_attribution?: string | undefined }): {
  url: string;
  attribution: string;
  demo: boolean;
} {
  if (!site.map_tile_url) return { url: DEMO_TILE_URL, attribution: DEMO_TILE_ATTRIBUTION, demo: true };
  return { url: site.map_tile_url, attribution: site.map_tile_attribution ?? '', demo: false };
}
