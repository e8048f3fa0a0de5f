/**
 * Procedural "photos" for the demo content: small SVG scenes (1200×800, 3:2) drawn from a scene
 * name and a variation key, so the same row always gives the same picture. Each image carries
 * role="img", a <title> with the caption and, when given, a <desc>. The scenes are drawn in
 * ./svg-buildings.ts and ./svg-outdoors.ts with the kit of ./svg-kit.ts.
 */
import { Random } from './random.ts';
import { Canvas, clouds, esc, palms, sand, sea, sky, type SkyName, sun } from './svg-kit.ts';
import { bathroom, bedroom, bunkRoom, condo, deck, dining, house, kitchen, living } from './svg-buildings.ts';
import { beach, bike, boardwalk, concert, dolphin, festival, fireworks, fishing, harbor, kayak, lighthouse, nature, ocean, paddleboard, pier, pool, race, regatta, snorkel, sunsetSail, town, yoga } from './svg-outdoors.ts';

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;

export const SCENES = [
  'exterior-house',
  'exterior-cottage',
  'exterior-villa',
  'exterior-condo',
  'living',
  'kitchen',
  'dining',
  'bedroom',
  'bunk-room',
  'bathroom',
  'deck',
  'ocean',
  'pool',
  'beach',
  'pier',
  'lighthouse',
  'harbor',
  'boardwalk',
  'town',
  'market',
  'festival',
  'concert',
  'fireworks',
  'regatta',
  'kayak',
  'snorkel',
  'fishing',
  'paddleboard',
  'bike',
  'yoga',
  'dolphin',
  'sunset-sail',
  'nature',
  'race',
] as const;
export type Scene = (typeof SCENES)[number];

export function isScene(value: unknown): value is Scene {
  return typeof value === 'string' && (SCENES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------

const DRAW: Record<Scene, (c: Canvas) => void> = {
  'exterior-house': (c) => house(c, 'house'),
  'exterior-cottage': (c) => house(c, 'cottage'),
  'exterior-villa': (c) => house(c, 'villa'),
  'exterior-condo': condo,
  living,
  kitchen,
  dining,
  bedroom,
  'bunk-room': bunkRoom,
  bathroom,
  deck,
  ocean,
  pool,
  beach,
  pier,
  lighthouse,
  harbor,
  boardwalk,
  town: (c) => town(c, false),
  market: (c) => town(c, true),
  festival,
  concert,
  fireworks,
  regatta,
  kayak,
  snorkel,
  fishing,
  paddleboard,
  bike,
  yoga,
  dolphin,
  'sunset-sail': sunsetSail,
  nature,
  race,
};

/**
 * Draws a scene. `key` varies colours and layout (e.g. the file path); the same inputs
 * always give the same SVG.
 */
export function renderPhotoSvg(input: { scene: Scene; key: string; title: string; description?: string }): string {
  const c = new Canvas(Random.of('photo', input.scene, input.key));
  DRAW[input.scene](c);
  const desc = input.description ? `<desc>${esc(input.description)}</desc>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" role="img" preserveAspectRatio="xMidYMid slice">` +
    `<title>${esc(input.title)}</title>${desc}<defs>${c.defs.join('')}</defs>${c.body.join('')}</svg>\n`
  );
}

/** An animated panorama page for a virtual tour or a video (no script, no network). */
export function renderTourHtml(input: { title: string; kind: 'tour' | 'video'; key: string }): string {
  const c = new Canvas(Random.of('tour', input.key));
  const skyName = c.rng.pick<SkyName>(['day', 'golden', 'sunset']);
  sky(c, skyName, 420);
  sun(c, skyName, c.rng.float(400, 2000), 140, 50);
  clouds(c, 6, 260);
  sea(c, skyName, 420, 620);
  sand(c, 620);
  palms(c, [
    { x: c.rng.float(100, 400), y: 740, s: 1.1 },
    { x: c.rng.float(800, 1100), y: 760, s: 1.2, flip: true },
  ]);
  const motion =
    input.kind === 'tour'
      ? '<animateTransform attributeName="transform" type="translate" values="0 0;-1200 0;0 0" dur="40s" repeatCount="indefinite"/>'
      : '<animateTransform attributeName="transform" type="translate" values="0 0;-600 0" dur="12s" repeatCount="indefinite"/>';
  const label = input.kind === 'tour' ? 'Virtual tour' : 'Video';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(label)}: ${esc(input.title)}</title>
<style>html,body{margin:0;height:100%;background:#0b1d2e;color:#fff;font:16px system-ui,sans-serif}svg{display:block;width:100%;height:100%}</style></head>
<body><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" preserveAspectRatio="xMidYMid slice" role="img"><title>${esc(label)}: ${esc(input.title)}</title><defs>${c.defs.join('')}</defs><g>${motion}<g>${c.body.join('')}</g><g transform="translate(2400 0) scale(-1 1)">${c.body.join('')}</g></g><rect x="0" y="720" width="1200" height="80" fill="#000" opacity=".45"/><text x="32" y="770" fill="#fff" font-size="30" font-family="system-ui,sans-serif">${esc(label)} · ${esc(input.title)}</text></svg></body></html>
`;
}
