/**
 * Demo map tiles of the fictional Coral Haven Coast, drawn as small SVGs (256×256, Web Mercator,
 * the usual z/x/y scheme), so the site's maps work with no tile server on the internet.
 *
 * The coastline follows the demo towns (server/demo/catalog.ts): the generator puts oceanfront
 * rentals at most 0.0055° south of their town, so the shore runs about 0.0085° south of each town,
 * with a gentle wobble, and the gulf lies to the south. Land north, sea south, a beach along the
 * shore, a coast road from zoom 11 and a light graticule; no text.
 */
import { AREAS } from '../demo/catalog.ts';

export const TILE_SIZE = 256;
export const MAX_ZOOM = 18;

const SHORE_OFFSET = 0.0085;
/** Half the width of the straight stretch of shore in front of each town, in degrees of longitude. */
const TOWN_HALF_WIDTH = 0.05;
const ROAD_OFFSET = 0.0105;

const COLORS = {
  sea: '#a9d3e0',
  shallows: '#c4e4ec',
  beach: '#f3e3b5',
  land: '#e4eedb',
  road: '#ffffff',
  roadEdge: '#d6cfbd',
  grid: 'rgba(15,23,42,0.07)',
};

/** Control points of the shore (longitude, latitude), west to east. */
const SHORE: readonly (readonly [number, number])[] = [...AREAS]
  .sort((a, b) => a.longitude - b.longitude)
  .flatMap((area) => [
    [area.longitude - TOWN_HALF_WIDTH, area.latitude - SHORE_OFFSET] as const,
    [area.longitude + TOWN_HALF_WIDTH, area.latitude - SHORE_OFFSET] as const,
  ]);

const smoothstep = (t: number): number => t * t * (3 - 2 * t);

/** Latitude of the shore at a longitude: flat in front of each town, eased between towns, a small wobble. */
export function shoreLatitude(lng: number): number {
  const first = SHORE[0]!;
  const last = SHORE[SHORE.length - 1]!;
  let base: number;
  if (lng <= first[0]) base = first[1];
  else if (lng >= last[0]) base = last[1];
  else {
    let i = 0;
    while (lng > SHORE[i + 1]![0]) i++;
    const [x0, y0] = SHORE[i]!;
    const [x1, y1] = SHORE[i + 1]!;
    base = y0 + (y1 - y0) * smoothstep((lng - x0) / (x1 - x0));
  }
  // At most ±0.0018°: oceanfront rentals stay on land (they are 0.0035–0.0055° south of their town).
  return base + 0.0011 * Math.sin(lng * 97) + 0.0007 * Math.sin(lng * 251 + 1.3);
}

/** Is (z, x, y) a tile of the world at a zoom the demo map draws? */
export function isValidTile(z: number, x: number, y: number): boolean {
  if (![z, x, y].every(Number.isSafeInteger) || z < 0 || z > MAX_ZOOM) return false;
  const n = 2 ** z;
  return x >= 0 && x < n && y >= 0 && y < n;
}

const lngAt = (z: number, worldX: number): number => (worldX / 2 ** z) * 360 - 180;
const worldYOf = (z: number, lat: number): number => {
  const rad = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z;
};
const latAt = (z: number, worldY: number): number => {
  const n = Math.PI - (2 * Math.PI * worldY) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
};

/** Metres per pixel at the coast, to size the beach and the road. */
const metresPerPixel = (z: number): number => (40075016.7 * Math.cos((30.27 * Math.PI) / 180)) / (TILE_SIZE * 2 ** z);

const OFF_TILE = 64;
const round = (value: number): number => Math.round(value * 10) / 10;
/** Off-tile points are pulled in, but further than the widest stroke reaches, so no band shows at an edge. */
const clampY = (value: number): number => round(Math.max(-OFF_TILE, Math.min(TILE_SIZE + OFF_TILE, value)));

/** A line across the tile that lies `offset` degrees north of the shore, as pixel points. */
function shoreLine(z: number, x: number, y: number, offset: number): [number, number][] {
  const points: [number, number][] = [];
  for (let px = -8; px <= TILE_SIZE + 8; px += 4) {
    const lng = lngAt(z, x + px / TILE_SIZE);
    points.push([px, clampY((worldYOf(z, shoreLatitude(lng) + offset) - y) * TILE_SIZE)]);
  }
  return points;
}

const pathOf = (points: [number, number][]): string => points.map(([px, py], i) => `${i ? 'L' : 'M'}${px} ${py}`).join('');

/** The graticule step in degrees: the smallest round step that is at least ~100 px apart. */
function gridStep(z: number): number {
  const degreesPerPixel = 360 / (TILE_SIZE * 2 ** z);
  const steps = [10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002];
  return [...steps].reverse().find((step) => step / degreesPerPixel >= 100) ?? 10;
}

function graticule(z: number, x: number, y: number): string {
  const step = gridStep(z);
  const west = lngAt(z, x);
  const east = lngAt(z, x + 1);
  const north = latAt(z, y);
  const south = latAt(z, y + 1);
  const lines: string[] = [];
  for (let lng = Math.ceil(west / step) * step; lng < east; lng += step) {
    const px = round(((lng + 180) / 360) * 2 ** z * TILE_SIZE - x * TILE_SIZE);
    lines.push(`M${px} 0V${TILE_SIZE}`);
  }
  for (let lat = Math.ceil(south / step) * step; lat < north; lat += step) {
    const py = round((worldYOf(z, lat) - y) * TILE_SIZE);
    lines.push(`M0 ${py}H${TILE_SIZE}`);
  }
  return lines.length ? `<path d="${lines.join('')}" stroke="${COLORS.grid}" stroke-width="1" fill="none"/>` : '';
}

/**
 * One demo tile as an SVG document. Call only with a valid tile (isValidTile).
 *
 * @example drawTile(10, 266, 423) // '<svg xmlns=… width="256" height="256" …>…</svg>'
 */
export function drawTile(z: number, x: number, y: number): string {
  const shore = shoreLine(z, x, y, 0);
  const land = `${pathOf(shore)}L${TILE_SIZE + 8} ${-OFF_TILE}L-8 ${-OFF_TILE}Z`;
  const mpp = metresPerPixel(z);
  const beachWidth = Math.max(1, Math.min(14, 60 / mpp));
  const shallowsWidth = Math.max(2, Math.min(60, 400 / mpp));
  const parts = [
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${COLORS.sea}"/>`,
    `<path d="${pathOf(shore)}" stroke="${COLORS.shallows}" stroke-width="${round(shallowsWidth)}" fill="none" stroke-linejoin="round"/>`,
    `<path d="${land}" fill="${COLORS.land}"/>`,
    `<path d="${pathOf(shore)}" stroke="${COLORS.beach}" stroke-width="${round(beachWidth)}" fill="none" stroke-linejoin="round"/>`,
  ];
  if (z >= 11) {
    const road = pathOf(shoreLine(z, x, y, ROAD_OFFSET));
    const roadWidth = Math.max(2, Math.min(10, 14 / mpp + 1.5));
    parts.push(
      `<path d="${road}" stroke="${COLORS.roadEdge}" stroke-width="${round(roadWidth + 1.5)}" fill="none" stroke-linejoin="round"/>`,
      `<path d="${road}" stroke="${COLORS.road}" stroke-width="${round(roadWidth)}" fill="none" stroke-linejoin="round"/>`,
    );
  }
  parts.push(graticule(z, x, y));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">` +
    parts.join('') +
    '</svg>'
  );
}
