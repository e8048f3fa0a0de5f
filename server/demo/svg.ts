/**
 * Procedural "photos" for the demo content: small SVG scenes (1200×800, 3:2) drawn from a scene
 * name and a variation key, so the same row always gives the same picture. Each image carries
 * role="img", a <title> with the caption and, when given, a <desc>.
 */
import { Random } from './random.ts';

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

type SkyName = 'day' | 'morning' | 'golden' | 'sunset' | 'dusk' | 'night';

const SKIES: Record<SkyName, string[]> = {
  day: ['#3f93da', '#8fcaf2', '#dff2fb'],
  morning: ['#69a9e4', '#b7daf3', '#fbe5c8'],
  golden: ['#6b93d1', '#f0bd8a', '#fde2b0'],
  sunset: ['#2c3b78', '#c7677c', '#f5a25f', '#ffdc97'],
  dusk: ['#141c48', '#4b3a78', '#c9657a'],
  night: ['#050a22', '#111c46', '#263667'],
};
const SEAS: Record<SkyName, string[]> = {
  day: ['#17628f', '#2da3bd', '#7fd8d6'],
  morning: ['#2a6f9a', '#3eaac0', '#9ee0d8'],
  golden: ['#2f6a8e', '#4f9fb0', '#e6c49a'],
  sunset: ['#2f3f6f', '#8c5f7a', '#eea06c'],
  dusk: ['#15204a', '#3a3a6e', '#7f5a7e'],
  night: ['#050b24', '#0d1a40', '#1d2c58'],
};
const SUN: Record<SkyName, string> = {
  day: '#fff6d6',
  morning: '#fff1c9',
  golden: '#ffe1a0',
  sunset: '#ffd07a',
  dusk: '#f7b58c',
  night: '#f3f1e0',
};

const WALLS = ['#f4efe6', '#e9f2f2', '#f6e9dd', '#eef3e8', '#f2e8ee', '#eaeef6', '#f7f3ea'];
const ACCENTS = ['#2f6f8f', '#d9825b', '#6f9f8f', '#e0b04f', '#5b7db1', '#c96b6b', '#3f8f9f', '#8a6fb0'];
const WOODS = ['#c89f74', '#b5895e', '#d8b995', '#a27b57', '#e0c6a0'];
const HOUSE_COLORS = ['#f7d9c4', '#cfe8e3', '#fff1c7', '#d8e4f5', '#f5c9c6', '#e2f0cb', '#fde2cf', '#d6ecf2', '#f3e3f0'];
const ROOFS = ['#6b7b8c', '#8a5a44', '#4f6d7a', '#9b4f3f', '#5a6470', '#3e5f73'];
const TRIMS = ['#ffffff', '#fbfaf5', '#f1f5f7'];
const BRIGHT = ['#ef6f6c', '#f6b44b', '#4fb3bf', '#5b8def', '#9c6ade', '#6cc070', '#f28fb0', '#ffd35c'];

/** Number formatting: at most one decimal, to keep the files small. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

class Canvas {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  private ids = 0;
  constructor(readonly rng: Random) {}

  id(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  /** A vertical linear gradient; returns `url(#id)`. */
  vgrad(stops: string[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('g');
    const s = stops.map((c, i) => `<stop offset="${n(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`).join('');
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`);
    return `url(#${id})`;
  }

  rgrad(inner: string, outer: string, innerOpacity = 1, outerOpacity = 0): string {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}" stop-opacity="${innerOpacity}"/><stop offset="1" stop-color="${outer}" stop-opacity="${outerOpacity}"/></radialGradient>`,
    );
    return `url(#${id})`;
  }

  add(...parts: string[]): void {
    this.body.push(...parts);
  }
}

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

function sky(c: Canvas, name: SkyName, bottom: number): void {
  c.add(rect(0, 0, 1200, bottom + 2, c.vgrad(SKIES[name])));
  if (name === 'night' || name === 'dusk') {
    const stars: string[] = [];
    for (let i = 0; i < (name === 'night' ? 60 : 20); i++) {
      stars.push(`<circle cx="${n(c.rng.float(0, 1200))}" cy="${n(c.rng.float(0, bottom * 0.7))}" r="${n(c.rng.float(0.8, 2.2))}"/>`);
    }
    c.add(`<g fill="#fff" opacity=".8">${stars.join('')}</g>`);
  }
}

function sun(c: Canvas, name: SkyName, x: number, y: number, r: number): void {
  const color = SUN[name];
  c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 4)}" fill="${c.rgrad(color, color, 0.55, 0)}"/>`);
  c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"/>`);
}

function clouds(c: Canvas, count: number, maxY: number, tint = '#fff', opacity = 0.85): void {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = c.rng.float(40, 1160);
    const y = c.rng.float(50, maxY);
    const s = c.rng.float(0.6, 1.4);
    parts.push(
      `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><ellipse cx="0" cy="0" rx="90" ry="26"/><ellipse cx="-35" cy="-18" rx="42" ry="30"/><ellipse cx="25" cy="-26" rx="50" ry="38"/><ellipse cx="70" cy="-6" rx="36" ry="22"/></g>`,
    );
  }
  c.add(`<g fill="${tint}" opacity="${opacity}">${parts.join('')}</g>`);
}

function sea(c: Canvas, name: SkyName, top: number, bottom: number, sunX?: number): void {
  c.add(rect(0, top, 1200, bottom - top, c.vgrad(SEAS[name])));
  const waves: string[] = [];
  const rows = 6;
  for (let i = 0; i < rows; i++) {
    const y = top + ((bottom - top) * (i + 0.6)) / rows;
    const amp = 3 + i * 1.5;
    const len = 90 + i * 30;
    const off = c.rng.float(-len, 0);
    let d = `M${n(off)} ${n(y)}`;
    for (let x = off; x < 1200 + len; x += len) d += ` q${n(len / 4)} ${n(-amp)} ${n(len / 2)} 0 t${n(len / 2)} 0`;
    waves.push(`<path d="${d}" stroke-width="${n(1.5 + i * 0.6)}"/>`);
  }
  c.add(`<g fill="none" stroke="#fff" opacity=".28">${waves.join('')}</g>`);
  if (sunX !== undefined) {
    const glints: string[] = [];
    for (let i = 0; i < 9; i++) {
      const y = top + 6 + i * ((bottom - top) / 10);
      const w = 30 + i * 14 * c.rng.float(0.6, 1.2);
      glints.push(rect(sunX - w / 2 + c.rng.float(-20, 20), y, w, 3 + i * 0.4, SUN[name], 'rx="2"'));
    }
    c.add(`<g opacity=".55">${glints.join('')}</g>`);
  }
}

function sand(c: Canvas, top: number, colors = ['#f3dfb8', '#e8cc98', '#dcb982'], foam = true): void {
  const a = top + c.rng.float(-20, 10);
  const b = top + c.rng.float(-10, 25);
  const d = `M0 ${n(top)} C300 ${n(a)} 800 ${n(b)} 1200 ${n(top - 8)} V800 H0Z`;
  if (foam) c.add(`<path d="M0 ${n(top - 8)} C300 ${n(a - 10)} 800 ${n(b - 6)} 1200 ${n(top - 16)} V${n(top + 30)} H0Z" fill="#e9f7f4" opacity=".7"/>`);
  c.add(`<path d="${d}" fill="${c.vgrad(colors)}"/>`);
}

function paletteFor(rng: Random): { wall: string; accent: string; accent2: string; wood: string } {
  const accent = rng.pick(ACCENTS);
  let accent2 = rng.pick(ACCENTS);
  if (accent2 === accent) accent2 = ACCENTS[(ACCENTS.indexOf(accent) + 3) % ACCENTS.length]!;
  return { wall: rng.pick(WALLS), accent, accent2, wood: rng.pick(WOODS) };
}

/** The palm tree drawn once in <defs> and placed with <use>. */
function palmDef(c: Canvas): string {
  const id = c.id('palm');
  const leaf = c.vgrad(['#3f9a54', '#23703d']);
  const fronds = [-150, -115, -70, -35, 0, 30, 150, 200]
    .map((a, i) => {
      const flip = a > 90 || a < -90;
      const rot = flip ? 180 - a : a;
      return `<path transform="rotate(${rot})${flip ? ' scale(-1 1)' : ''}" d="M0 0Q${80 + (i % 3) * 8} -55 ${175 + (i % 2) * 20} ${25 + (i % 3) * 8}Q90 -22 0 0Z"/>`;
    })
    .join('');
  c.defs.push(
    `<g id="${id}"><path d="M0 0C12 -120 6 -260 42 -380" stroke="#8a6a45" stroke-width="20" fill="none" stroke-linecap="round"/><path d="M0 0C12 -120 6 -260 42 -380" stroke="#6d5135" stroke-width="20" fill="none" stroke-dasharray="3 15"/><g transform="translate(42 -380)" fill="${leaf}">${fronds}<circle cx="-6" cy="10" r="10" fill="#6b4a2b"/><circle cx="10" cy="12" r="10" fill="#7b5633"/></g></g>`,
  );
  return id;
}

function palms(c: Canvas, spots: { x: number; y: number; s: number; flip?: boolean }[]): void {
  if (spots.length === 0) return;
  const id = palmDef(c);
  c.add(
    spots
      .map((p) => `<use href="#${id}" transform="translate(${n(p.x)} ${n(p.y)}) scale(${p.flip ? -p.s : p.s} ${p.s})"/>`)
      .join(''),
  );
}

function seaOats(c: Canvas, y: number, count: number, color = '#9a9a58'): void {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = c.rng.float(0, 1200);
    const h = c.rng.float(40, 110);
    const lean = c.rng.float(-25, 25);
    const by = y + c.rng.float(-10, 30);
    parts.push(`<path d="M${n(x)} ${n(by)}q${n(lean / 2)} ${n(-h / 2)} ${n(lean)} ${n(-h)}"/>`);
  }
  c.add(`<g stroke="${color}" stroke-width="3" fill="none" stroke-linecap="round" opacity=".9">${parts.join('')}</g>`);
}

function person(x: number, y: number, h: number, color: string, skin = '#c98e6b'): string {
  const r = h * 0.12;
  return `<g><circle cx="${n(x)}" cy="${n(y - h + r)}" r="${n(r)}" fill="${skin}"/><path d="M${n(x - h * 0.17)} ${n(y)}V${n(y - h * 0.55)}q0 ${n(-h * 0.2)} ${n(h * 0.17)} ${n(-h * 0.2)}q${n(h * 0.17)} 0 ${n(h * 0.17)} ${n(h * 0.2)}V${n(y)}Z" fill="${color}"/></g>`;
}

function crowd(c: Canvas, y: number, count: number, hMin: number, hMax: number, dark = false): void {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const color = dark ? '#141a33' : c.rng.pick(BRIGHT);
    const skin = dark ? '#141a33' : c.rng.pick(['#f1c7a5', '#c98e6b', '#8d5a3b', '#e5b08a', '#6b4026']);
    parts.push(person(c.rng.float(-20, 1220), y + c.rng.float(-8, 12), c.rng.float(hMin, hMax), color, skin));
  }
  c.add(parts.join(''));
}

function sailboat(x: number, y: number, s: number, sail: string, hull: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><path d="M0 -8V-150L70 -8Z" fill="${sail}"/><path d="M-6 -20V-120L-50 -20Z" fill="${sail}" opacity=".85"/><path d="M-70 -6H90L70 18H-52Z" fill="${hull}"/><path d="M0 -8V-155" stroke="#444" stroke-width="3"/></g>`;
}

function motorboat(x: number, y: number, s: number, hull: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><path d="M-110 -10H120L95 30H-85Z" fill="${hull}"/><path d="M-110 -10H120" stroke="#fff" stroke-width="6"/><path d="M-40 -10V-60H40L60 -10Z" fill="#f4f6f8"/><path d="M-30 -52H30L44 -22H-30Z" fill="#5d88a8"/></g>`;
}

function umbrella(x: number, y: number, s: number, a: string, b: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><path d="M0 0V-150" stroke="#f6f1e6" stroke-width="6"/><path d="M-120 -140Q0 -230 120 -140Z" fill="${a}"/><path d="M-40 -140Q0 -230 40 -140Z" fill="${b}"/><path d="M-120 -140Q-60 -120 0 -140Q60 -120 120 -140" fill="${a}"/></g>`;
}

function beachChair(x: number, y: number, s: number, color: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})" stroke="#8a6a45" stroke-width="5" fill="none"><path d="M-40 0L-20 -40L40 -40L60 0"/><path d="M-20 -40L-45 -100" /><path d="M-22 -42L-42 -96L-8 -96L10 -42Z" fill="${color}" stroke="none"/><path d="M-18 -42H38L44 -30H-12Z" fill="${color}" stroke="none"/></g>`;
}

function windowView(c: Canvas, x: number, y: number, w: number, h: number, skyName: SkyName, frame = '#ffffff'): void {
  const horizon = y + h * 0.55;
  c.add(rect(x, y, w, h, frame, 'rx="4"'));
  const ix = x + 12;
  const iy = y + 12;
  const iw = w - 24;
  const ih = h - 24;
  c.add(rect(ix, iy, iw, horizon - iy, c.vgrad(SKIES[skyName])));
  c.add(rect(ix, horizon, iw, iy + ih - horizon, c.vgrad(SEAS[skyName])));
  c.add(`<path d="M${n(ix)} ${n(horizon + ih * 0.15)}h${n(iw)}M${n(ix)} ${n(horizon + ih * 0.3)}h${n(iw)}" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>`);
  c.add(`<ellipse cx="${n(ix + iw * 0.3)}" cy="${n(iy + ih * 0.2)}" rx="${n(iw * 0.12)}" ry="${n(ih * 0.05)}" fill="#fff" opacity=".8"/>`);
  c.add(`<path d="M${n(x + w / 2)} ${n(y)}v${n(h)}M${n(x)} ${n(y + h * 0.45)}h${n(w)}" stroke="${frame}" stroke-width="10"/>`);
  c.add(rect(x - 10, y + h - 4, w + 20, 12, frame, 'rx="3"'));
}

function curtains(x: number, y: number, w: number, h: number, color: string): string {
  return `<g fill="${color}" opacity=".85"><path d="M${n(x - 40)} ${n(y - 20)}h70q-20 ${n(h * 0.5)} 10 ${n(h + 30)}h-80z"/><path d="M${n(x + w + 40)} ${n(y - 20)}h-70q20 ${n(h * 0.5)} -10 ${n(h + 30)}h80z"/></g><path d="M${n(x - 60)} ${n(y - 24)}h${n(w + 120)}" stroke="#8a7a66" stroke-width="6" stroke-linecap="round"/>`;
}

function room(c: Canvas, wall: string, floor: string, floorTop = 560, tiled = false): void {
  c.add(rect(0, 0, 1200, floorTop, c.vgrad([lighten(wall, 0.4), wall, darken(wall, 0.06)])));
  c.add(rect(0, floorTop, 1200, 800 - floorTop, c.vgrad([floor, darken(floor, 0.2)])));
  if (tiled) {
    const lines: string[] = [];
    for (let i = -8; i <= 20; i++) lines.push(`M${n(600 + i * 60)} ${floorTop}L${n(600 + (i - 10) * 60 * 2.4)} 800`);
    for (let y = floorTop + 30, step = 30; y < 800; step *= 1.35, y += step) lines.push(`M0 ${n(y)}H1200`);
    c.add(`<path d="${lines.join('')}" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>`);
  } else {
    const lines: string[] = [];
    for (let y = floorTop + 14, step = 14; y < 800; step *= 1.25, y += step) lines.push(`M0 ${n(y)}H1200`);
    c.add(`<path d="${lines.join('')}" stroke="#000" stroke-opacity=".07" stroke-width="2"/>`);
  }
  c.add(rect(0, floorTop - 10, 1200, 12, '#fbfaf6'));
}

function plant(x: number, y: number, s: number, pot: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><g fill="#3f8a55"><ellipse cx="-30" cy="-120" rx="18" ry="60" transform="rotate(-25 -30 -120)"/><ellipse cx="30" cy="-125" rx="18" ry="62" transform="rotate(22 30 -125)"/><ellipse cx="0" cy="-150" rx="20" ry="70"/><ellipse cx="-50" cy="-80" rx="14" ry="45" transform="rotate(-50 -50 -80)" fill="#52a064"/><ellipse cx="50" cy="-85" rx="14" ry="45" transform="rotate(48 50 -85)" fill="#52a064"/></g><path d="M-40 -70H40L30 0H-30Z" fill="${pot}"/></g>`;
}

function lamp(x: number, y: number, s: number, shade: string, on = true): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})">${on ? '<ellipse cx="0" cy="-150" rx="120" ry="90" fill="#fff4c2" opacity=".35"/>' : ''}<path d="M-6 0V-130H6V0Z" fill="#7a6a58"/><path d="M-40 -125L-28 -185H28L40 -125Z" fill="${shade}"/><ellipse cx="0" cy="0" rx="30" ry="8" fill="#7a6a58"/></g>`;
}

function artFrame(c: Canvas, x: number, y: number, w: number, h: number, name: SkyName): void {
  c.add(rect(x - 8, y - 8, w + 16, h + 16, '#f8f5ee', 'rx="2" stroke="#c9b79c" stroke-width="3"'));
  c.add(rect(x, y, w, h * 0.55, c.vgrad(SKIES[name])));
  c.add(rect(x, y + h * 0.55, w, h * 0.25, c.vgrad(SEAS[name])));
  c.add(rect(x, y + h * 0.8, w, h * 0.2, '#ecd6a8'));
}

function pendant(x: number, top: number, len: number, color: string): string {
  return `<path d="M${n(x)} ${n(top)}v${n(len)}" stroke="#555" stroke-width="2"/><path d="M${n(x - 32)} ${n(top + len + 30)}Q${n(x)} ${n(top + len - 20)} ${n(x + 32)} ${n(top + len + 30)}Z" fill="${color}"/><ellipse cx="${n(x)}" cy="${n(top + len + 34)}" rx="26" ry="8" fill="#fff6cf" opacity=".9"/>`;
}

function hexToRgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (x: number) => Math.max(0, Math.min(255, Math.round(x))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function lighten(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  return rgbToHex(r + (255 - r) * amount, g + (255 - g) * amount, b + (255 - b) * amount);
}

function darken(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  return rgbToHex(r * (1 - amount), g * (1 - amount), b * (1 - amount));
}

// ---------------------------------------------------------------------------------------------
// Exteriors
// ---------------------------------------------------------------------------------------------

function house(c: Canvas, style: 'house' | 'cottage' | 'villa'): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'day', 'morning', 'golden']);
  sky(c, skyName, 560);
  sun(c, skyName, r.float(850, 1100), r.float(110, 200), 42);
  clouds(c, r.int(2, 4), 260);
  // grass and dunes
  c.add(`<path d="M0 560C250 520 500 545 700 530S1050 515 1200 540V800H0Z" fill="${c.vgrad(['#b9d58c', '#8fbf6e'])}"/>`);
  const wall = style === 'villa' ? r.pick(['#f6eee2', '#fbf4e6', '#f3e6d3']) : r.pick(HOUSE_COLORS);
  const roof = style === 'villa' ? r.pick(['#c0653f', '#b5573a', '#cf7a4f']) : r.pick(ROOFS);
  const trim = r.pick(TRIMS);
  const accent = r.pick(ACCENTS);
  const w = style === 'cottage' ? 470 : style === 'villa' ? 700 : 600;
  const x0 = 600 - w / 2 + r.float(-60, 60);
  const ground = 640;
  const raised = style !== 'villa' && r.chance(0.6);
  const stilt = raised ? 70 : 0;
  const storeys = style === 'cottage' ? 1 : r.chance(0.6) ? 2 : 1;
  const storeyH = 150;
  const bodyTop = ground - stilt - storeys * storeyH;
  const sidingId = c.id('sd');
  c.defs.push(
    `<pattern id="${sidingId}" width="24" height="16" patternUnits="userSpaceOnUse"><path d="M0 15.5H24" stroke="#000" stroke-opacity=".09" stroke-width="1.5"/></pattern>`,
  );
  // pilings
  if (raised) {
    const piles: string[] = [];
    for (let px = x0 + 20; px < x0 + w; px += 90) piles.push(rect(px, ground - stilt, 18, stilt, '#9c8a74'));
    c.add(piles.join(''));
    c.add(rect(x0 - 10, ground - stilt - 10, w + 20, 12, darken(wall, 0.25)));
  }
  c.add(rect(x0, bodyTop, w, storeys * storeyH, wall));
  if (style !== 'villa') c.add(rect(x0, bodyTop, w, storeys * storeyH, `url(#${sidingId})`));
  // roof
  if (style === 'villa') {
    c.add(`<path d="M${n(x0 - 30)} ${n(bodyTop)}L${n(x0 + 80)} ${n(bodyTop - 90)}H${n(x0 + w - 80)}L${n(x0 + w + 30)} ${n(bodyTop)}Z" fill="${roof}"/>`);
    const tiles: string[] = [];
    for (let ty = bodyTop - 80; ty < bodyTop; ty += 16) tiles.push(`M${n(x0 - 30)} ${n(ty)}H${n(x0 + w + 30)}`);
    c.add(`<path d="${tiles.join('')}" stroke="#000" stroke-opacity=".12" stroke-width="2"/>`);
  } else {
    const peak = bodyTop - (style === 'cottage' ? 150 : 130);
    c.add(`<path d="M${n(x0 - 40)} ${n(bodyTop + 6)}L${n(x0 + w / 2)} ${n(peak)}L${n(x0 + w + 40)} ${n(bodyTop + 6)}Z" fill="${roof}"/>`);
    c.add(`<path d="M${n(x0 - 40)} ${n(bodyTop + 6)}L${n(x0 + w / 2)} ${n(peak)}L${n(x0 + w + 40)} ${n(bodyTop + 6)}" stroke="${trim}" stroke-width="8" fill="none"/>`);
    c.add(`<circle cx="${n(x0 + w / 2)}" cy="${n(bodyTop - 45)}" r="22" fill="${trim}"/><circle cx="${n(x0 + w / 2)}" cy="${n(bodyTop - 45)}" r="15" fill="#7fb2cf"/>`);
  }
  // windows and door per storey
  for (let s = 0; s < storeys; s++) {
    const top = bodyTop + s * storeyH + 30;
    const count = Math.floor(w / 150);
    const parts: string[] = [];
    for (let i = 0; i < count; i++) {
      const wx = x0 + 40 + i * ((w - 80) / count) + ((w - 80) / count - 80) / 2;
      const isDoor = s === storeys - 1 && i === Math.floor(count / 2);
      if (isDoor) {
        parts.push(rect(wx + 10, top - 5, 60, storeyH - 25, accent, 'rx="3"'));
        parts.push(rect(wx + 22, top + 8, 36, 40, '#a9d3ea', 'rx="2"'));
        parts.push(`<circle cx="${n(wx + 60)}" cy="${n(top + 70)}" r="4" fill="#e2c27a"/>`);
      } else if (style === 'villa') {
        parts.push(`<path d="M${n(wx)} ${n(top + 95)}V${n(top + 25)}a40 40 0 0 1 80 0V${n(top + 95)}Z" fill="#7fb2cf" stroke="${trim}" stroke-width="6"/>`);
        parts.push(`<path d="M${n(wx + 40)} ${n(top - 14)}V${n(top + 95)}" stroke="${trim}" stroke-width="4"/>`);
      } else {
        parts.push(rect(wx - 16, top, 14, 90, accent));
        parts.push(rect(wx + 82, top, 14, 90, accent));
        parts.push(rect(wx, top, 80, 90, '#8fc3df', `stroke="${trim}" stroke-width="6"`));
        parts.push(`<path d="M${n(wx + 40)} ${n(top)}v90M${n(wx)} ${n(top + 45)}h80" stroke="${trim}" stroke-width="4"/>`);
        parts.push(`<path d="M${n(wx + 6)} ${n(top + 40)}L${n(wx + 34)} ${n(top + 6)}" stroke="#fff" stroke-opacity=".5" stroke-width="6"/>`);
      }
    }
    c.add(parts.join(''));
  }
  // porch railing on the first floor of a raised house
  if (raised) {
    const py = ground - stilt;
    const bal: string[] = [];
    for (let bx = x0 - 10; bx <= x0 + w + 10; bx += 18) bal.push(`M${n(bx)} ${n(py - 46)}V${n(py - 6)}`);
    c.add(`<path d="${bal.join('')}M${n(x0 - 10)} ${n(py - 48)}H${n(x0 + w + 10)}" stroke="${trim}" stroke-width="5"/>`);
    // stairs
    const sx = x0 + w * 0.5 - 30;
    c.add(`<path d="M${n(sx)} ${n(py)}L${n(sx - 90)} ${n(ground)}H${n(sx - 40)}L${n(sx + 50)} ${n(py)}Z" fill="${darken(wall, 0.2)}"/>`);
  }
  // shrubs, path
  const shrubs: string[] = [];
  for (let i = 0; i < 7; i++) {
    const sx = r.float(x0 - 80, x0 + w + 80);
    shrubs.push(`<ellipse cx="${n(sx)}" cy="${n(ground + r.float(0, 10))}" rx="${n(r.float(30, 60))}" ry="${n(r.float(18, 32))}"/>`);
  }
  c.add(`<g fill="#5f9b56">${shrubs.join('')}</g>`);
  c.add(`<path d="M${n(x0 + w / 2 - 40)} ${n(ground + 5)}L${n(x0 + w / 2 - 160)} 800H${n(x0 + w / 2 + 120)}L${n(x0 + w / 2 + 20)} ${n(ground + 5)}Z" fill="#eadfc6"/>`);
  palms(c, [
    { x: x0 - 90 + r.float(-30, 30), y: ground + 30, s: r.float(0.95, 1.2) },
    { x: x0 + w + 100 + r.float(-30, 30), y: ground + 40, s: r.float(0.9, 1.15), flip: true },
  ]);
}

function condo(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'day', 'golden', 'morning']);
  sky(c, skyName, 620);
  sun(c, skyName, r.float(100, 300), r.float(100, 180), 40);
  clouds(c, r.int(1, 3), 220);
  const body = r.pick(['#f4f1ea', '#e9eef2', '#f6ece0', '#e6f1ef']);
  const glass = r.pick(['#7fb7d6', '#8cc4d8', '#6fa7c9']);
  // back tower
  const bx = r.float(120, 240);
  c.add(rect(bx, 220, 260, 420, darken(body, 0.1)));
  const pid = c.id('bal');
  c.defs.push(
    `<pattern id="${pid}" width="110" height="58" patternUnits="userSpaceOnUse"><rect x="8" y="6" width="94" height="38" fill="${glass}"/><path d="M8 30L40 6" stroke="#fff" stroke-opacity=".35" stroke-width="6"/><rect x="0" y="40" width="110" height="6" fill="#fff"/><path d="M4 44V28M24 44V28M44 44V28M64 44V28M84 44V28M104 44V28M0 28H110" stroke="#fff" stroke-width="2.5"/></pattern>`,
  );
  c.add(rect(bx + 10, 240, 240, 390, `url(#${pid})`, 'opacity=".7"'));
  // main tower
  const x0 = r.float(440, 560);
  const top = r.float(110, 170);
  c.add(rect(x0, top, 460, 640 - top, body));
  c.add(rect(x0 + 20, top + 30, 420, 590 - top, `url(#${pid})`));
  c.add(rect(x0 - 10, top - 18, 480, 22, darken(body, 0.15)));
  c.add(rect(x0, 600, 460, 40, darken(body, 0.05)));
  const awning = r.pick(ACCENTS);
  c.add([0, 1, 2].map((i) => rect(x0 + 120 + i * 90, 606, 60, 34, awning, 'rx="4"')).join(''));
  // dunes and beach
  c.add(`<path d="M0 640C200 600 380 625 600 610S1000 600 1200 625V800H0Z" fill="${c.vgrad(['#efdcb2', '#e2c58f'])}"/>`);
  seaOats(c, 650, 40);
  c.add(umbrella(250, 760, 0.8, r.pick(BRIGHT), '#fff') + beachChair(330, 770, 0.8, r.pick(BRIGHT)));
  palms(c, [
    { x: x0 - 40, y: 660, s: 1.05 },
    { x: x0 + 500, y: 670, s: 1.2, flip: true },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Interiors
// ---------------------------------------------------------------------------------------------

function living(c: Canvas): void {
  const r = c.rng;
  const p = paletteFor(r);
  room(c, p.wall, p.wood);
  const winLeft = r.chance(0.5);
  const wx = winLeft ? 80 : 860;
  windowView(c, wx, 110, 260, 330, r.pick<SkyName>(['day', 'golden', 'morning']));
  c.add(curtains(wx, 110, 260, 330, lighten(p.accent2, 0.55)));
  artFrame(c, winLeft ? 640 : 420, 150, 200, 140, r.pick<SkyName>(['day', 'sunset', 'golden']));
  // rug
  c.add(`<ellipse cx="600" cy="680" rx="430" ry="80" fill="${lighten(p.accent2, 0.6)}"/><ellipse cx="600" cy="680" rx="400" ry="66" fill="none" stroke="${p.accent2}" stroke-opacity=".5" stroke-width="6"/>`);
  // sofa
  const sx = winLeft ? 430 : 330;
  const sofa = p.accent;
  c.add(rect(sx, 400, 440, 110, darken(sofa, 0.1), 'rx="26"'));
  c.add(rect(sx - 30, 450, 80, 120, sofa, 'rx="22"'));
  c.add(rect(sx + 390, 450, 80, 120, sofa, 'rx="22"'));
  c.add(rect(sx + 30, 490, 380, 70, lighten(sofa, 0.15), 'rx="14"'));
  c.add(rect(sx + 40, 420, 110, 80, lighten(p.accent2, 0.3), 'rx="16" transform="rotate(-6 ' + n(sx + 95) + ' 460)"'));
  c.add(rect(sx + 290, 420, 110, 80, lighten(p.wall, 0.2), 'rx="16" transform="rotate(6 ' + n(sx + 345) + ' 460)" stroke="' + p.accent2 + '" stroke-width="4"'));
  c.add(`<path d="M${n(sx)} 570v22M${n(sx + 440)} 570v22" stroke="#5b4a3a" stroke-width="10"/>`);
  // coffee table
  c.add(`<ellipse cx="${n(sx + 220)}" cy="665" rx="150" ry="30" fill="${darken(p.wood, 0.25)}"/><ellipse cx="${n(sx + 220)}" cy="655" rx="150" ry="30" fill="${lighten(p.wood, 0.2)}"/>`);
  c.add(`<ellipse cx="${n(sx + 190)}" cy="648" rx="30" ry="8" fill="#fff"/><path d="M${n(sx + 260)} 650v-30" stroke="#3f8a55" stroke-width="8"/>`);
  // lamp and plant
  c.add(lamp(winLeft ? 1060 : 200, 600, 1.1, lighten(p.accent2, 0.4)));
  c.add(plant(winLeft ? 380 : 1080, 610, 1, p.accent2));
}

function kitchen(c: Canvas): void {
  const r = c.rng;
  const p = paletteFor(r);
  room(c, p.wall, r.pick(['#d9d4cb', '#c9bfae', p.wood]), 600, r.chance(0.5));
  const cab = r.pick(['#ffffff', '#f3f0e8', '#dbe7ea', '#2f4f66', '#9fb8ad', '#c7d3e3']);
  const counter = r.pick(['#f4f4f2', '#e7e1d7', '#3c3f45', '#d8d1c4']);
  // backsplash tiles
  const tid = c.id('tile');
  c.defs.push(`<pattern id="${tid}" width="40" height="20" patternUnits="userSpaceOnUse"><rect width="40" height="20" fill="#fbfbf9"/><path d="M0 19.5H40M0 9.5H40M20 0V10M0 10V20M40 10V20" stroke="#d8d3ca" stroke-width="1.5"/></pattern>`);
  c.add(rect(0, 270, 1200, 170, `url(#${tid})`));
  windowView(c, 470, 110, 260, 210, r.pick<SkyName>(['day', 'morning']));
  // uppers
  const uppers: string[] = [];
  for (let x = 20; x < 440; x += 105) uppers.push(rect(x, 90, 95, 170, cab, `rx="4" stroke="${darken(cab, 0.15)}" stroke-width="3"`));
  for (let x = 760; x < 1180; x += 105) uppers.push(rect(x, 90, 95, 170, cab, `rx="4" stroke="${darken(cab, 0.15)}" stroke-width="3"`));
  c.add(uppers.join(''));
  // lowers
  c.add(rect(0, 440, 1200, 160, cab));
  const doors: string[] = [];
  for (let x = 10; x < 1190; x += 100) doors.push(rect(x, 462, 88, 126, 'none', `rx="3" stroke="${darken(cab, 0.15)}" stroke-width="3"`), rect(x + 36, 474, 16, 5, '#b9a98e', 'rx="2"'));
  c.add(doors.join(''));
  c.add(rect(0, 426, 1200, 20, counter));
  // sink + faucet + stove
  c.add(`<path d="M600 426v-50h30v12" stroke="#9aa1a8" stroke-width="7" fill="none"/><ellipse cx="600" cy="432" rx="70" ry="6" fill="#9aa1a8"/>`);
  c.add(rect(180, 416, 160, 12, '#2d2f33', 'rx="3"') + '<g fill="#555"><circle cx="215" cy="414" r="3"/><circle cx="305" cy="414" r="3"/></g>');
  c.add(`<path d="M900 426v-40h50v40" fill="${p.accent}"/><circle cx="925" cy="390" r="6" fill="#fff" opacity=".6"/>`);
  // island + stools
  const ic = r.pick([p.accent, darken(p.wood, 0.1), '#2f4f66', '#ffffff']);
  c.add(rect(260, 560, 680, 140, ic, 'rx="6"'));
  c.add(rect(240, 540, 720, 26, counter, 'rx="6"'));
  c.add(`<ellipse cx="420" cy="532" rx="50" ry="10" fill="#f6b44b"/><ellipse cx="440" cy="524" rx="20" ry="16" fill="#ef8f4a"/><ellipse cx="410" cy="526" rx="18" ry="14" fill="#9bc25a"/>`);
  const stools: string[] = [];
  for (const x of [340, 600, 860]) stools.push(`<path d="M${x - 30} 800L${x - 20} 690M${x + 30} 800L${x + 20} 690" stroke="#5b4a3a" stroke-width="8"/>`, rect(x - 45, 675, 90, 22, darken(p.wood, 0.1), 'rx="10"'));
  c.add(stools.join(''));
  for (const x of [380, 600, 820]) c.add(pendant(x, 0, 220, r.pick(['#2f3a44', '#e0b04f', '#f4f1ea'])));
}

function dining(c: Canvas): void {
  const r = c.rng;
  const p = paletteFor(r);
  room(c, p.wall, p.wood);
  // sliding doors to the deck
  windowView(c, 250, 90, 700, 460, r.pick<SkyName>(['day', 'golden', 'sunset']), '#f7f7f2');
  c.add(`<path d="M600 90v460" stroke="#f7f7f2" stroke-width="14"/>`);
  // table
  const top = lighten(p.wood, 0.1);
  c.add(`<path d="M300 590L330 720M900 590L870 720M420 600V700M780 600V700" stroke="${darken(p.wood, 0.35)}" stroke-width="14"/>`);
  // back chairs
  const chairs: string[] = [];
  for (const x of [380, 520, 680, 820]) chairs.push(rect(x - 40, 450, 80, 110, p.accent, 'rx="12"'));
  c.add(chairs.join(''));
  c.add(`<path d="M250 560H950L990 600H210Z" fill="${top}"/><path d="M210 600H990V614H210Z" fill="${darken(p.wood, 0.2)}"/>`);
  // place settings
  const plates: string[] = [];
  for (const x of [380, 520, 680, 820]) plates.push(`<ellipse cx="${x}" cy="580" rx="40" ry="9" fill="#fff"/><ellipse cx="${x}" cy="580" rx="24" ry="5" fill="#eef2f4"/>`);
  c.add(plates.join(''));
  c.add(`<path d="M600 578v-40" stroke="#3f8a55" stroke-width="6"/><circle cx="600" cy="532" r="18" fill="${r.pick(BRIGHT)}"/><circle cx="585" cy="545" r="12" fill="${r.pick(BRIGHT)}"/>`);
  // front chairs (backs towards us)
  const front: string[] = [];
  for (const x of [420, 780]) front.push(rect(x - 55, 640, 110, 140, darken(p.accent, 0.15), 'rx="14"'), rect(x - 45, 650, 90, 60, lighten(p.accent, 0.15), 'rx="10"'));
  c.add(front.join(''));
  c.add(`<path d="M600 0v150" stroke="#555" stroke-width="2"/><path d="M480 190Q600 120 720 190Z" fill="${r.pick(['#e0b04f', '#2f3a44', '#f4f1ea'])}"/><ellipse cx="600" cy="192" rx="110" ry="10" fill="#fff6cf"/>`);
  c.add(plant(140, 600, 1.1, p.accent2));
}

function bedroom(c: Canvas): void {
  const r = c.rng;
  const p = paletteFor(r);
  room(c, p.wall, p.wood);
  const skyName = r.pick<SkyName>(['day', 'morning', 'golden']);
  if (r.chance(0.5)) {
    windowView(c, 470, 70, 260, 220, skyName);
    c.add(curtains(470, 70, 260, 220, lighten(p.accent2, 0.5)));
  } else {
    artFrame(c, 440, 120, 320, 160, skyName);
  }
  // headboard and bed
  const head = r.pick([p.wood, lighten(p.accent, 0.5), '#e9e4da', '#c9d6df']);
  c.add(rect(340, 300, 520, 200, head, 'rx="30"'));
  c.add(rect(300, 440, 600, 170, '#ffffff', 'rx="20"'));
  c.add(`<path d="M300 470Q600 450 900 470V610H300Z" fill="${lighten(p.accent, 0.75)}"/>`);
  c.add(rect(300, 520, 600, 50, p.accent, 'rx="8"'));
  c.add(rect(380, 400, 180, 80, '#fdfdfb', 'rx="24"') + rect(640, 400, 180, 80, '#fdfdfb', 'rx="24"'));
  c.add(rect(470, 430, 120, 60, lighten(p.accent2, 0.3), 'rx="18"') + rect(610, 430, 120, 60, lighten(p.accent2, 0.3), 'rx="18"'));
  c.add(rect(290, 600, 620, 30, darken(head, 0.25), 'rx="6"'));
  // nightstands and lamps
  for (const x of [210, 990]) {
    c.add(rect(x - 60, 450, 120, 150, darken(p.wood, 0.1), 'rx="6"') + rect(x - 48, 470, 96, 50, 'none', `stroke="${darken(p.wood, 0.3)}" stroke-width="3" rx="3"`));
    c.add(lamp(x, 450, 0.8, lighten(p.accent2, 0.5)));
  }
  c.add(`<ellipse cx="600" cy="720" rx="420" ry="55" fill="${lighten(p.accent2, 0.6)}" opacity=".9"/>`);
}

function bunkRoom(c: Canvas): void {
  const r = c.rng;
  const p = paletteFor(r);
  room(c, p.wall, p.wood);
  // porthole and bunting
  c.add(`<circle cx="600" cy="170" r="80" fill="#d8c08a"/><circle cx="600" cy="170" r="62" fill="${c.vgrad([...SKIES.day.slice(0, 2), ...SEAS.day.slice(1)])}"/>`);
  const flags: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = 60 + i * 78;
    flags.push(`<path d="M${x} ${60 + Math.abs(7 - i) * 4}l39 4l-20 44z" fill="${BRIGHT[i % BRIGHT.length]}"/>`);
  }
  c.add(`<path d="M40 60Q600 110 1160 60" stroke="#8a7a66" stroke-width="3" fill="none"/>${flags.join('')}`);
  for (const x0 of [120, 700]) {
    const frame = r.pick([darken(p.wood, 0.2), '#f7f7f2', '#2f4f66']);
    c.add(`<path d="M${x0} 260V700M${x0 + 380} 260V700" stroke="${frame}" stroke-width="18"/>`);
    c.add(rect(x0, 360, 380, 50, '#fff', 'rx="10"') + rect(x0, 380, 380, 40, r.pick(BRIGHT), 'rx="8"'));
    c.add(rect(x0, 600, 380, 50, '#fff', 'rx="10"') + rect(x0, 620, 380, 40, r.pick(BRIGHT), 'rx="8"'));
    c.add(rect(x0 + 20, 320, 100, 45, '#fff', 'rx="14"') + rect(x0 + 20, 560, 100, 45, '#fff', 'rx="14"'));
    c.add(`<path d="M${x0} 420H${x0 + 380}M${x0} 660H${x0 + 380}M${x0} 300H${x0 + 380}" stroke="${frame}" stroke-width="12"/>`);
    const lx = x0 + 300;
    c.add(`<path d="M${lx} 300V700M${lx + 50} 300V700M${lx} 360h50M${lx} 440h50M${lx} 520h50M${lx} 600h50" stroke="${frame}" stroke-width="7"/>`);
  }
}

function bathroom(c: Canvas): void {
  const r = c.rng;
  const p = paletteFor(r);
  const tile = r.pick(['#e8f1f2', '#f4f1ea', '#dfe9e4', '#eae6f1', '#f6efe4']);
  room(c, tile, r.pick(['#d7d2c9', '#c8d1d3', '#e4dccf']), 620, true);
  const tid = c.id('bt');
  c.defs.push(`<pattern id="${tid}" width="60" height="30" patternUnits="userSpaceOnUse"><path d="M0 29.5H60M30 0V15M0 15H60M0 15V30M60 15V30" stroke="#fff" stroke-width="2"/></pattern>`);
  c.add(rect(0, 0, 1200, 610, `url(#${tid})`));
  // shower
  c.add(rect(820, 80, 330, 540, '#dcecef', 'opacity=".7"') + `<path d="M820 80V620" stroke="#b8c4c9" stroke-width="6"/><path d="M1050 140v-40h-60" stroke="#9aa1a8" stroke-width="8" fill="none"/><ellipse cx="990" cy="145" rx="30" ry="8" fill="#9aa1a8"/><path d="M850 110L900 60" stroke="#fff" stroke-opacity=".6" stroke-width="14"/>`);
  // mirror and sconces
  c.add(rect(250, 110, 380, 260, c.vgrad(['#eaf4f8', '#c4d9e2']), 'rx="24" stroke="#c9b79c" stroke-width="10"'));
  c.add(`<path d="M300 330L470 150M360 340L520 170" stroke="#fff" stroke-opacity=".6" stroke-width="12"/>`);
  for (const x of [200, 680]) c.add(`<ellipse cx="${x}" cy="200" rx="50" ry="60" fill="#fff4c2" opacity=".35"/>` + rect(x - 12, 170, 24, 60, '#f7eccf', 'rx="10"'));
  // vanity
  c.add(rect(180, 430, 520, 190, r.pick([p.wood, '#2f4f66', '#ffffff', p.accent]), 'rx="6"'));
  c.add(rect(160, 410, 560, 28, '#f4f4f2', 'rx="6"'));
  c.add(`<ellipse cx="440" cy="412" rx="90" ry="14" fill="#ffffff" stroke="#dcdcdc" stroke-width="3"/><path d="M440 410v-45h26v10" stroke="#9aa1a8" stroke-width="7" fill="none"/>`);
  c.add(`<path d="M240 460H660M440 460V620" stroke="#000" stroke-opacity=".12" stroke-width="4"/>`);
  // towel and plant
  c.add(`<path d="M740 300h50" stroke="#9aa1a8" stroke-width="6"/>` + rect(745, 300, 40, 140, lighten(p.accent2, 0.4), 'rx="6"'));
  c.add(plant(110, 640, 0.8, p.accent));
}

function deck(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'golden', 'sunset', 'morning']);
  const horizon = 390;
  sky(c, skyName, horizon);
  const sx = r.float(300, 900);
  sun(c, skyName, sx, skyName === 'sunset' ? horizon - 40 : r.float(90, 160), 40);
  clouds(c, r.int(1, 3), 250, skyName === 'sunset' ? '#f7c6a6' : '#fff');
  sea(c, skyName, horizon, 560, skyName === 'sunset' || skyName === 'golden' ? sx : undefined);
  c.add(`<path d="M0 560C300 540 800 570 1200 550V600H0Z" fill="#efdcb2"/>`);
  // deck boards in perspective
  const wood = r.pick(WOODS);
  c.add(rect(0, 600, 1200, 200, c.vgrad([wood, darken(wood, 0.25)])));
  const boards: string[] = [];
  for (let i = -12; i <= 12; i++) boards.push(`M${n(600 + i * 55)} 600L${n(600 + i * 160)} 800`);
  c.add(`<path d="${boards.join('')}" stroke="#000" stroke-opacity=".14" stroke-width="3"/>`);
  // railing
  const rail = r.pick(['#ffffff', '#f3efe6', darken(wood, 0.1)]);
  const bal: string[] = [];
  for (let x = 10; x < 1200; x += 36) bal.push(`M${x} 470V600`);
  c.add(`<path d="${bal.join('')}" stroke="${rail}" stroke-width="8"/>` + rect(0, 458, 1200, 18, rail) + rect(0, 590, 1200, 14, rail));
  // chairs
  const chair = r.pick(ACCENTS);
  const chairShape = (x: number, s: number) =>
    `<g transform="translate(${x} 760) scale(${s})" fill="${chair}"><path d="M-70 -160L-40 -330H40L70 -160Z"/><path d="M-100 -150H100L110 -120H-110Z"/><rect x="-120" y="-200" width="40" height="14" rx="4"/><rect x="80" y="-200" width="40" height="14" rx="4"/><path d="M-105 -120V0M105 -120V0M-100 -200V-120M100 -200V-120" stroke="${chair}" stroke-width="16"/></g>`;
  c.add(chairShape(330, 0.8) + chairShape(820, 0.8));
  c.add(`<ellipse cx="575" cy="640" rx="60" ry="14" fill="${darken(wood, 0.3)}"/><path d="M575 640V760" stroke="${darken(wood, 0.3)}" stroke-width="10"/><path d="M560 640l-4-40h22l-4 40z" fill="#f6b44b" opacity=".85"/>`);
  c.add(plant(1100, 760, 1.1, r.pick(ACCENTS)));
}

// ---------------------------------------------------------------------------------------------
// Outdoor and community scenes
// ---------------------------------------------------------------------------------------------

function seascape(c: Canvas, opts: { skyName?: SkyName; horizon?: number; shore?: number; sunY?: number } = {}): { skyName: SkyName; horizon: number; shore: number; sunX: number } {
  const r = c.rng;
  const skyName = opts.skyName ?? r.pick<SkyName>(['day', 'day', 'golden', 'sunset', 'morning']);
  const horizon = opts.horizon ?? r.float(360, 420);
  const shore = opts.shore ?? r.float(560, 620);
  const sunX = r.float(250, 950);
  sky(c, skyName, horizon);
  if (skyName !== 'night') sun(c, skyName, sunX, opts.sunY ?? (skyName === 'sunset' || skyName === 'dusk' ? horizon - 35 : r.float(90, 170)), skyName === 'sunset' ? 55 : 40);
  if (skyName !== 'night') clouds(c, r.int(1, 4), horizon - 120, skyName === 'sunset' || skyName === 'dusk' ? '#f4b3a0' : '#fff', 0.8);
  sea(c, skyName, horizon, shore, skyName === 'sunset' || skyName === 'golden' || skyName === 'dusk' ? sunX : undefined);
  return { skyName, horizon, shore, sunX };
}

function ocean(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { shore: 700 });
  if (r.chance(0.6)) c.add(sailboat(r.float(150, 1050), horizon + 14, 0.35, '#fff', '#37474f'));
  sand(c, r.float(600, 650));
  c.add(`<path d="M0 800V690C150 640 300 650 420 700S520 760 560 800Z" fill="${c.vgrad(['#e6d3a5', '#cdb27a'])}"/>`);
  seaOats(c, 720, 30);
  if (r.chance(0.5)) palms(c, [{ x: r.chance(0.5) ? 120 : 1080, y: 820, s: 1.5, flip: r.chance(0.5) }]);
}

function pool(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'day', 'golden']);
  sky(c, skyName, 300);
  sun(c, skyName, r.float(200, 1000), 100, 38);
  clouds(c, 2, 180);
  // house wall behind
  const wall = r.pick(HOUSE_COLORS);
  c.add(rect(0, 230, 1200, 230, wall));
  c.add(rect(-20, 215, 1240, 26, r.pick(ROOFS)));
  for (const x of [120, 480, 840]) c.add(rect(x, 280, 240, 180, '#8fc3df', 'stroke="#fff" stroke-width="10"') + `<path d="M${x + 120} 280v180" stroke="#fff" stroke-width="8"/>`);
  // deck and pool
  c.add(rect(0, 460, 1200, 340, c.vgrad(['#efe6d6', '#ddd0b8'])));
  const water = c.vgrad(['#4fc3d9', '#1e9ab8', '#137ea0']);
  c.add(`<path d="M260 500H940L1130 760H70Z" fill="#f7f3ea"/><path d="M285 512H915L1090 748H110Z" fill="${water}"/>`);
  const caustics: string[] = [];
  for (let i = 0; i < 7; i++) {
    const y = 540 + i * 30;
    caustics.push(`M${n(300 - i * 26)} ${y}q40 -10 80 0t80 0t80 0t80 0t80 0t80 0t80 0t80 0`);
  }
  c.add(`<path d="${caustics.join('')}" stroke="#e8fbff" stroke-opacity=".5" stroke-width="3" fill="none"/>`);
  c.add(`<path d="M860 520h40v60" stroke="#c9d2d6" stroke-width="5" fill="none"/>`);
  // loungers and umbrella
  const col = r.pick(ACCENTS);
  for (const [x, y, s] of [[120, 560, 0.8], [1050, 560, 0.8]] as const) {
    c.add(`<g transform="translate(${x} ${y}) scale(${s})"><path d="M-80 40H60L90 -30L70 -35L50 20H-80Z" fill="#fff"/><path d="M-70 32H50L74 -22" stroke="${col}" stroke-width="14" fill="none"/><path d="M-70 40v30M50 40v30" stroke="#999" stroke-width="6"/></g>`);
  }
  c.add(umbrella(1080, 530, 0.7, col, '#fff'));
  palms(c, [{ x: 60, y: 520, s: 0.9 }, { x: 1150, y: 500, s: 0.8, flip: true }]);
}

function beach(c: Canvas): void {
  const r = c.rng;
  const { shore } = seascape(c, { skyName: r.pick<SkyName>(['day', 'day', 'morning', 'golden']) });
  sand(c, shore);
  const items: string[] = [];
  for (let i = 0; i < r.int(2, 4); i++) {
    const x = 150 + i * 280 + r.float(-40, 40);
    const y = shore + 130 + r.float(0, 80);
    items.push(umbrella(x, y, r.float(0.7, 1), r.pick(BRIGHT), '#fff'));
    items.push(rect(x + 20, y - 10, 110, 36, r.pick(BRIGHT), `rx="4" transform="rotate(-8 ${n(x)} ${n(y)})"`));
  }
  c.add(items.join(''));
  if (r.chance(0.6)) c.add(beachChair(r.float(300, 900), 760, 1, r.pick(BRIGHT)));
  crowd(c, shore + 40, r.int(2, 6), 40, 70);
}

function pier(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { skyName: r.pick<SkyName>(['sunset', 'golden', 'day']), shore: 800 });
  const deckColor = '#7d6248';
  const piles: string[] = [];
  for (let i = 0; i < 18; i++) {
    const t = i / 18;
    const x = 1200 - t * 760;
    const y = 720 - t * (720 - horizon - 30);
    const h = 120 * (1 - t) + 14;
    piles.push(`M${n(x)} ${n(y)}v${n(h)}`);
  }
  c.add(`<path d="${piles.join('')}" stroke="#4a3a2c" stroke-width="8"/>`);
  c.add(`<path d="M1200 640L440 ${n(horizon + 22)}L440 ${n(horizon + 30)}L1200 720Z" fill="${deckColor}"/>`);
  c.add(`<path d="M1200 600L440 ${n(horizon + 8)}" stroke="#5b4634" stroke-width="6"/>`);
  const lamps: string[] = [];
  for (let i = 1; i < 6; i++) {
    const t = i / 6;
    const x = 1200 - t * 760;
    const y = 640 - t * (640 - horizon - 22);
    const h = 150 * (1 - t) + 16;
    lamps.push(`<path d="M${n(x)} ${n(y)}v${n(-h)}" stroke="#2e2e2e" stroke-width="${n(6 * (1 - t) + 2)}"/><circle cx="${n(x)}" cy="${n(y - h)}" r="${n(10 * (1 - t) + 3)}" fill="#fff1b8"/>`);
  }
  c.add(lamps.join(''));
  sand(c, 700);
  crowd(c, 760, 2, 60, 90, true);
}

function lighthouse(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'golden', 'sunset', 'dusk']);
  seascape(c, { skyName, horizon: 430, shore: 800 });
  // rocky point
  c.add(`<path d="M560 800L640 560Q760 470 900 500Q1100 520 1200 470V800Z" fill="${c.vgrad(['#7c8a5a', '#55633f'])}"/>`);
  c.add(`<path d="M560 800L600 650Q640 620 700 640L760 800Z" fill="#6e6a62"/><path d="M700 800L760 700Q820 680 880 720L920 800Z" fill="#8a857a"/>`);
  const x = 880;
  const base = 510;
  const top = 150;
  const stripe = r.pick(['#d64545', '#1f4e79', '#2f2f2f']);
  const bands: string[] = [];
  for (let i = 0; i < 5; i++) {
    const y1 = base - ((base - top) * i) / 5;
    const y2 = base - ((base - top) * (i + 1)) / 5;
    const w1 = 50 - (i * 16) / 5;
    const w2 = 50 - ((i + 1) * 16) / 5;
    bands.push(`<path d="M${n(x - w1)} ${n(y1)}L${n(x - w2)} ${n(y2)}H${n(x + w2)}L${n(x + w1)} ${n(y1)}Z" fill="${i % 2 ? stripe : '#fbfaf6'}"/>`);
  }
  c.add(bands.join(''));
  if (skyName === 'dusk' || skyName === 'sunset') c.add(`<path d="M${x} ${top - 20}L200 ${top - 120}L220 ${top + 60}Z" fill="#fff4c2" opacity=".25"/>`);
  c.add(rect(x - 44, top - 12, 88, 14, '#2f2f2f') + rect(x - 28, top - 56, 56, 44, '#fff1a8', 'stroke="#2f2f2f" stroke-width="6"') + `<path d="M${x - 34} ${top - 56}Q${x} ${top - 100} ${x + 34} ${top - 56}Z" fill="#2f2f2f"/>`);
  // keeper's house
  c.add(rect(960, 450, 150, 70, '#fbfaf6') + `<path d="M950 452L1035 400L1120 452Z" fill="${stripe}"/>` + rect(1010, 475, 30, 45, '#6f8fa8'));
}

function harbor(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'golden', 'morning', 'sunset']);
  sky(c, skyName, 360);
  sun(c, skyName, r.float(200, 1000), skyName === 'sunset' ? 320 : 120, 40);
  clouds(c, 2, 200);
  // shoreline buildings
  const houses: string[] = [];
  let x = -20;
  while (x < 1200) {
    const w = r.float(90, 150);
    const h = r.float(70, 140);
    const color = r.pick(HOUSE_COLORS);
    houses.push(rect(x, 360 - h, w, h + 20, color), `<path d="M${n(x - 6)} ${n(360 - h)}L${n(x + w / 2)} ${n(360 - h - 40)}L${n(x + w + 6)} ${n(360 - h)}Z" fill="${r.pick(ROOFS)}"/>`, rect(x + w * 0.3, 360 - h * 0.6, w * 0.4, h * 0.3, '#7fb2cf'));
    x += w + r.float(4, 20);
  }
  c.add(houses.join(''));
  c.add(rect(0, 370, 1200, 12, '#8a7a66'));
  sea(c, skyName, 380, 800);
  // boats with reflections
  const boats: string[] = [];
  for (let i = 0; i < 4; i++) {
    const bx = 120 + i * 300 + r.float(-50, 50);
    const by = 470 + r.float(0, 60) + i * 10;
    boats.push(r.chance(0.5) ? sailboat(bx, by, 0.9, '#fff', r.pick(['#1f4e79', '#c64545', '#2f6f8f', '#fff'])) : motorboat(bx, by, 0.8, r.pick(['#fff', '#1f4e79', '#c64545'])));
  }
  c.add(boats.join(''));
  // dock in front
  const dock = '#8b6b4e';
  c.add(`<path d="M0 690H1200V730H0Z" fill="${dock}"/><path d="M0 700H1200M0 715H1200" stroke="#6d5238" stroke-width="2"/>`);
  const posts: string[] = [];
  for (let px = 40; px < 1200; px += 160) posts.push(rect(px, 650, 22, 150, '#5e4630'), `<ellipse cx="${px + 11}" cy="650" rx="11" ry="4" fill="#7a5d42"/>`);
  c.add(posts.join(''));
}

function boardwalk(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'morning', 'golden']);
  const { horizon } = seascape(c, { skyName, horizon: 380, shore: 440 });
  c.add(`<path d="M0 440C200 420 400 400 600 430S1000 410 1200 440V800H0Z" fill="${c.vgrad(['#eedcaf', '#d9bd86'])}"/>`);
  c.add(`<path d="M0 520C150 470 300 480 420 540L380 800H0Z" fill="#d8c28e"/><path d="M1200 520C1050 470 900 480 780 540L820 800H1200Z" fill="#d8c28e"/>`);
  // boardwalk in perspective
  const wood = r.pick(WOODS);
  c.add(`<path d="M560 ${n(horizon + 70)}H640L880 800H320Z" fill="${wood}"/>`);
  const planks: string[] = [];
  for (let y = horizon + 80, step = 6; y < 800; step *= 1.18, y += step) {
    const t = (y - horizon - 70) / (800 - horizon - 70);
    planks.push(`M${n(560 - t * 240)} ${n(y)}H${n(640 + t * 240)}`);
  }
  c.add(`<path d="${planks.join('')}" stroke="#000" stroke-opacity=".15" stroke-width="2"/>`);
  c.add(`<path d="M560 ${n(horizon + 50)}L300 700M640 ${n(horizon + 50)}L900 700" stroke="#f3efe6" stroke-width="8"/>`);
  seaOats(c, 560, 60);
  if (r.chance(0.5)) crowd(c, horizon + 150, 2, 30, 50);
}

function town(c: Canvas, market: boolean): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'golden', 'dusk']);
  sky(c, skyName, 420);
  if (skyName !== 'dusk') clouds(c, 2, 180);
  // shopfronts
  let x = -10;
  const fronts: string[] = [];
  while (x < 1210) {
    const w = r.float(160, 230);
    const h = r.float(260, 340);
    const color = r.pick(HOUSE_COLORS.concat(['#f6c28b', '#a8d5e2', '#f2a7a0']));
    const y = 560 - h;
    fronts.push(rect(x, y, w, h, color), rect(x - 4, y - 14, w + 8, 18, darken(color, 0.2)));
    fronts.push(rect(x + 20, y + 40, w - 40, 70, '#8fc3df', 'stroke="#fff" stroke-width="6"'));
    const aw = r.pick(BRIGHT);
    const stripes: string[] = [];
    for (let sx = 0; sx < w - 20; sx += 24) stripes.push(`<path d="M${n(x + 10 + sx)} ${n(y + h - 150)}h12l-4 44h-12z" fill="#fff"/>`);
    fronts.push(`<path d="M${n(x + 6)} ${n(y + h - 150)}H${n(x + w - 6)}L${n(x + w + 6)} ${n(y + h - 106)}H${n(x - 6)}Z" fill="${aw}"/>`, stripes.join(''));
    fronts.push(rect(x + 20, y + h - 100, w * 0.45, 100, skyName === 'dusk' ? '#ffe5a0' : '#a9cfe0'), rect(x + w * 0.6, y + h - 100, w * 0.3, 100, darken(color, 0.35)));
    x += w;
  }
  c.add(fronts.join(''));
  c.add(rect(0, 560, 1200, 40, '#d7d2c9') + rect(0, 600, 1200, 200, c.vgrad(['#9a9a9a', '#7d7d7d'])));
  c.add(`<path d="M0 700H1200" stroke="#fff" stroke-width="6" stroke-dasharray="60 40"/>`);
  // string lights
  const bulbs: string[] = [];
  for (let i = 0; i < 30; i++) {
    const t = i / 29;
    const bx = t * 1200;
    const by = 150 + Math.sin(t * Math.PI * 3) * 18 + 20;
    bulbs.push(`<circle cx="${n(bx)}" cy="${n(by + 6)}" r="5"/>`);
  }
  c.add(`<path d="M0 170C200 210 400 130 600 170S1000 210 1200 170" stroke="#333" stroke-width="2" fill="none"/><g fill="#ffe7a0">${bulbs.join('')}</g>`);
  if (market) {
    const tents: string[] = [];
    for (let i = 0; i < 4; i++) {
      const tx = 100 + i * 280;
      const col = r.pick(BRIGHT);
      tents.push(`<path d="M${tx} 560L${tx + 100} 480L${tx + 200} 560Z" fill="#fff"/><path d="M${tx} 560H${tx + 200}V580H${tx}Z" fill="${col}"/><path d="M${tx + 10} 580V680M${tx + 190} 580V680" stroke="#666" stroke-width="6"/>`, rect(tx + 20, 640, 160, 40, darken(col, 0.2)));
      for (let k = 0; k < 5; k++) tents.push(`<circle cx="${tx + 40 + k * 30}" cy="636" r="12" fill="${r.pick(['#f6b44b', '#ef6f6c', '#6cc070', '#ffd35c'])}"/>`);
    }
    c.add(tents.join(''));
  }
  crowd(c, 760, r.int(5, 9), 100, 150);
  palms(c, [{ x: r.float(0, 200), y: 640, s: 0.9 }]);
}

function festival(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['day', 'golden', 'sunset']);
  const { shore } = seascape(c, { skyName, horizon: 360, shore: 430 });
  c.add(`<path d="M0 430C300 410 900 450 1200 420V800H0Z" fill="${c.vgrad(['#a8cf7a', '#79ab5a'])}"/>`);
  const tents: string[] = [];
  for (let i = 0; i < 5; i++) {
    const tx = -40 + i * 260 + r.float(-30, 30);
    const ty = 560 + r.float(-20, 20);
    const col = r.pick(BRIGHT);
    tents.push(`<path d="M${n(tx)} ${n(ty)}L${n(tx + 60)} ${n(ty - 110)}H${n(tx + 160)}L${n(tx + 220)} ${n(ty)}Z" fill="#fdfcf8"/><path d="M${n(tx)} ${n(ty)}H${n(tx + 220)}V${n(ty + 24)}H${n(tx)}Z" fill="${col}"/><path d="M${n(tx + 8)} ${n(ty + 24)}V${n(ty + 120)}M${n(tx + 212)} ${n(ty + 24)}V${n(ty + 120)}" stroke="#777" stroke-width="6"/>`);
  }
  c.add(tents.join(''));
  // bunting
  const flags: string[] = [];
  for (let row = 0; row < 2; row++) {
    const y0 = 140 + row * 90;
    for (let i = 0; i < 20; i++) {
      const fx = i * 62;
      const sag = Math.sin((i / 19) * Math.PI) * 40;
      flags.push(`<path d="M${n(fx)} ${n(y0 + sag)}l40 2l-22 42z" fill="${BRIGHT[(i + row * 3) % BRIGHT.length]}"/>`);
    }
    c.add(`<path d="M0 ${y0}Q600 ${y0 + 80} 1200 ${y0}" stroke="#666" stroke-width="2" fill="none"/>`);
  }
  c.add(flags.join(''));
  crowd(c, 760, r.int(10, 16), 110, 170);
  if (shore) palms(c, [{ x: 1120, y: 640, s: 1, flip: true }]);
}

function concert(c: Canvas): void {
  const r = c.rng;
  sky(c, r.pick<SkyName>(['dusk', 'night', 'sunset']), 520);
  c.add(rect(0, 500, 1200, 300, c.vgrad(['#27304f', '#10142a'])));
  // stage
  c.add(rect(300, 260, 600, 300, '#1b1f33') + rect(280, 240, 640, 30, '#3a3f57') + rect(290, 540, 620, 40, '#2c3147'));
  const beams: string[] = [];
  for (let i = 0; i < 6; i++) {
    const bx = 330 + i * 108;
    beams.push(`<path d="M${bx} 270L${n(bx - 120 + r.float(0, 240))} 560H${n(bx + 60 + r.float(0, 120))}Z" fill="${BRIGHT[i % BRIGHT.length]}" opacity=".28"/>`, `<circle cx="${bx}" cy="272" r="9" fill="#fff6cf"/>`);
  }
  c.add(beams.join(''));
  c.add(person(520, 540, 140, '#e0b04f', '#2b2b2b') + person(680, 540, 150, '#5b8def', '#2b2b2b') + `<path d="M600 540V440" stroke="#888" stroke-width="4"/>`);
  crowd(c, 810, 26, 150, 220, true);
  palms(c, [{ x: 120, y: 600, s: 1.1 }, { x: 1100, y: 610, s: 1, flip: true }]);
}

function fireworks(c: Canvas): void {
  const r = c.rng;
  sky(c, 'night', 520);
  const bursts: string[] = [];
  for (let i = 0; i < r.int(4, 6); i++) {
    const cx = r.float(120, 1080);
    const cy = r.float(90, 330);
    const rad = r.float(60, 130);
    const color = r.pick(BRIGHT.concat(['#ffffff', '#ffe7a0']));
    const rays: string[] = [];
    const count = r.int(18, 28);
    for (let k = 0; k < count; k++) {
      const a = (k / count) * Math.PI * 2;
      rays.push(`M${n(cx + Math.cos(a) * rad * 0.25)} ${n(cy + Math.sin(a) * rad * 0.25)}L${n(cx + Math.cos(a) * rad)} ${n(cy + Math.sin(a) * rad)}`);
    }
    bursts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad * 1.3)}" fill="${c.rgrad(color, color, 0.25, 0)}"/><path d="${rays.join('')}" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`);
  }
  c.add(bursts.join(''));
  sea(c, 'night', 520, 800);
  c.add(`<g opacity=".3" transform="translate(0 1040) scale(1 -1)">${bursts.join('')}</g>`);
  // pier silhouette
  c.add(`<path d="M0 560H700V572H0Z" fill="#0a0f22"/>`);
  const posts: string[] = [];
  for (let x = 20; x < 700; x += 60) posts.push(`M${x} 572v60`);
  c.add(`<path d="${posts.join('')}" stroke="#0a0f22" stroke-width="8"/>`);
  crowd(c, 560, 10, 40, 60, true);
}

function regatta(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { skyName: r.pick<SkyName>(['day', 'day', 'golden']), shore: 800 });
  const boats: string[] = [];
  for (let i = 0; i < 6; i++) {
    const s = r.float(0.4, 1.3);
    boats.push(sailboat(r.float(80, 1120), horizon + 40 + s * 230, s, r.pick(['#fff', '#fff', ...BRIGHT]), r.pick(['#fff', '#1f4e79', '#37474f'])));
  }
  c.add(boats.sort().join(''));
  c.add(`<circle cx="${n(r.float(200, 1000))}" cy="700" r="16" fill="#f6b44b"/>`);
}

function kayak(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['morning', 'day', 'golden']);
  sky(c, skyName, 330);
  sun(c, skyName, r.float(200, 1000), 120, 38);
  // tree line
  const trees: string[] = [];
  for (let x = -20; x < 1220; x += r.float(30, 60)) trees.push(`<ellipse cx="${n(x)}" cy="${n(330 - r.float(10, 60))}" rx="${n(r.float(30, 55))}" ry="${n(r.float(40, 80))}"/>`);
  c.add(`<g fill="#3d6b45">${trees.join('')}</g>` + rect(0, 320, 1200, 30, '#2f5a3a'));
  sea(c, skyName, 345, 800);
  const boats: string[] = [];
  for (let i = 0; i < r.int(2, 4); i++) {
    const s = r.float(0.6, 1.2);
    const x = 150 + i * 320 + r.float(-60, 60);
    const y = 450 + s * 220;
    const col = r.pick(['#f6b44b', '#ef6f6c', '#4fb3bf', '#ffd35c', '#6cc070']);
    boats.push(`<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><ellipse cx="0" cy="0" rx="130" ry="16" fill="${col}"/><ellipse cx="0" cy="-4" rx="30" ry="7" fill="#333"/>${person(0, -4, 70, r.pick(BRIGHT), '#c98e6b')}<path d="M-80 -60L80 20" stroke="#444" stroke-width="5"/><ellipse cx="-80" cy="-60" rx="8" ry="18" fill="#444" transform="rotate(-27 -80 -60)"/><ellipse cx="80" cy="20" rx="8" ry="18" fill="#444" transform="rotate(-27 80 20)"/></g>`);
  }
  c.add(boats.join(''));
}

function snorkel(c: Canvas): void {
  const r = c.rng;
  c.add(rect(0, 0, 1200, 800, c.vgrad(['#5fd0e0', '#1d8fb3', '#0d4f7a'])));
  const rays: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = r.float(0, 1200);
    rays.push(`<path d="M${n(x)} 0L${n(x - 140)} 800H${n(x - 60)}L${n(x + 60)} 0Z"/>`);
  }
  c.add(`<g fill="#ffffff" opacity=".08">${rays.join('')}</g>`);
  c.add(`<path d="M0 680C200 650 400 700 600 670S1000 650 1200 690V800H0Z" fill="#e9d9a8"/>`);
  const coral: string[] = [];
  for (let i = 0; i < 8; i++) {
    const x = r.float(0, 1200);
    const col = r.pick(['#ef6f6c', '#f28fb0', '#f6b44b', '#9c6ade', '#ff9e7a']);
    const h = r.float(80, 170);
    coral.push(`<path d="M${n(x)} 700v${n(-h)}M${n(x)} ${n(700 - h * 0.5)}l-40 ${n(-h * 0.4)}M${n(x)} ${n(700 - h * 0.6)}l44 ${n(-h * 0.35)}M${n(x)} ${n(700 - h * 0.3)}l30 ${n(-h * 0.25)}" stroke="${col}" stroke-width="${n(r.float(10, 16))}" stroke-linecap="round" fill="none"/>`);
    coral.push(`<ellipse cx="${n(x + r.float(-60, 60))}" cy="${n(705)}" rx="${n(r.float(30, 60))}" ry="${n(r.float(16, 30))}" fill="${r.pick(['#7a5aa8', '#e9823b', '#d14d6a'])}"/>`);
  }
  c.add(coral.join(''));
  const fish: string[] = [];
  for (let i = 0; i < r.int(7, 12); i++) {
    const x = r.float(80, 1120);
    const y = r.float(150, 600);
    const s = r.float(0.5, 1.2);
    const col = r.pick(['#ffd35c', '#f6b44b', '#5b8def', '#ef6f6c', '#ffffff']);
    const flip = r.chance(0.5) ? -1 : 1;
    fish.push(`<g transform="translate(${n(x)} ${n(y)}) scale(${n(s * flip)} ${n(s)})"><ellipse cx="0" cy="0" rx="36" ry="18" fill="${col}"/><path d="M30 0L58 -18V18Z" fill="${col}"/><circle cx="-20" cy="-4" r="4" fill="#1b1b1b"/><path d="M-4 -16V16" stroke="#fff" stroke-opacity=".6" stroke-width="5"/></g>`);
  }
  c.add(fish.join(''));
  const bubbles: string[] = [];
  for (let i = 0; i < 20; i++) bubbles.push(`<circle cx="${n(r.float(0, 1200))}" cy="${n(r.float(0, 600))}" r="${n(r.float(3, 9))}"/>`);
  c.add(`<g fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2">${bubbles.join('')}</g>`);
}

function fishing(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { skyName: r.pick<SkyName>(['morning', 'golden', 'day']), shore: 800 });
  // boat stern in the foreground
  c.add(`<path d="M0 560H1200V800H0Z" fill="#f4f6f8"/><path d="M0 560H1200V584H0Z" fill="#d5dde3"/><path d="M0 640H1200" stroke="#1f4e79" stroke-width="14"/>`);
  const rods: string[] = [];
  for (const x of [240, 520, 820, 1040]) {
    const tipX = x + r.float(-220, 220);
    rods.push(`<path d="M${x} 600Q${n((x + tipX) / 2)} ${n(320)} ${n(tipX)} ${n(170 + r.float(0, 80))}" stroke="#333" stroke-width="6" fill="none"/>`, rect(x - 12, 590, 24, 60, '#555', 'rx="5"'));
  }
  c.add(rods.join(''));
  c.add(person(380, 560, 190, r.pick(BRIGHT)) + person(700, 560, 180, r.pick(BRIGHT)));
  c.add(`<path d="M160 ${n(horizon + 30)}q20 -20 40 0" stroke="#fff" stroke-width="4" fill="none"/>`);
}

function paddleboard(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { skyName: r.pick<SkyName>(['morning', 'day', 'golden', 'sunset']), shore: 800 });
  const items: string[] = [];
  for (let i = 0; i < r.int(2, 3); i++) {
    const s = r.float(0.7, 1.3);
    const x = 200 + i * 380 + r.float(-60, 60);
    const y = horizon + 120 + s * 200;
    const col = r.pick(['#f6b44b', '#4fb3bf', '#ef6f6c', '#ffffff']);
    items.push(`<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><ellipse cx="0" cy="0" rx="140" ry="12" fill="${col}"/>${person(0, -6, 160, r.pick(BRIGHT), '#c98e6b')}<path d="M30 -140L70 10" stroke="#333" stroke-width="5"/><ellipse cx="70" cy="10" rx="7" ry="20" fill="#333" transform="rotate(-15 70 10)"/></g>`);
  }
  c.add(items.join(''));
}

function bike(c: Canvas): void {
  const r = c.rng;
  const { shore } = seascape(c, { skyName: r.pick<SkyName>(['day', 'morning', 'golden']), shore: 520 });
  sand(c, shore, ['#efdcb2', '#e2c58f'], true);
  c.add(`<path d="M0 640C400 610 800 660 1200 620V720C800 760 400 710 0 740Z" fill="#b9b3a8"/>`);
  const bikes: string[] = [];
  for (let i = 0; i < r.int(2, 3); i++) {
    const x = 200 + i * 330 + r.float(-40, 40);
    const y = 700;
    const col = r.pick(['#4fb3bf', '#ef6f6c', '#f6b44b', '#5b8def']);
    bikes.push(`<g transform="translate(${n(x)} ${n(y)})" fill="none" stroke-width="6"><circle cx="-60" cy="0" r="42" stroke="#333"/><circle cx="70" cy="0" r="42" stroke="#333"/><path d="M-60 0L-10 -60H50L70 0M-10 -60L10 0L50 -60M50 -60L44 -82H70M-16 -72H6" stroke="${col}"/><path d="M10 0L-60 0" stroke="${col}"/></g>`, person(x + 5, y - 60, 110, r.pick(BRIGHT)));
  }
  c.add(bikes.join(''));
  palms(c, [{ x: 60, y: 660, s: 1 }, { x: 1150, y: 650, s: 1.1, flip: true }]);
}

function yoga(c: Canvas): void {
  const r = c.rng;
  const { shore } = seascape(c, { skyName: r.pick<SkyName>(['morning', 'golden', 'sunset']) });
  sand(c, shore);
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x = 180 + i * 270;
    const col = r.pick(BRIGHT);
    parts.push(rect(x - 80, 700, 160, 26, col, 'rx="6"'));
    parts.push(`<g fill="#2b2b3b"><circle cx="${x}" cy="520" r="16"/><path d="M${x - 10} 540h20l6 100h-12l-4 58h-8l-4 -58h-12z"/><path d="M${x} 545l-70 -60M${x} 545l70 -60" stroke="#2b2b3b" stroke-width="10" stroke-linecap="round"/></g>`);
  }
  c.add(parts.join(''));
}

function dolphin(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { skyName: r.pick<SkyName>(['day', 'golden', 'morning']), shore: 800 });
  const parts: string[] = [];
  for (let i = 0; i < r.int(2, 3); i++) {
    const x = 250 + i * 320 + r.float(-40, 40);
    const y = horizon + 170 + i * 40;
    const s = r.float(0.8, 1.3);
    parts.push(`<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><path d="M-120 40Q-40 -110 110 -30Q70 -40 60 -20Q20 -70 -60 10Q-90 40 -120 40Z" fill="#5f7f95"/><path d="M-10 -62L10 -100L30 -58Z" fill="#5f7f95"/><path d="M105 -32l25 -4l-10 14z" fill="#5f7f95"/><path d="M-130 40Q-100 50 -60 44" stroke="#fff" stroke-width="5" fill="none"/></g>`);
  }
  c.add(parts.join(''));
  c.add(motorboat(r.float(900, 1100), horizon + 60, 0.5, '#fff'));
}

function sunsetSail(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { skyName: r.pick<SkyName>(['sunset', 'dusk', 'golden']), shore: 800 });
  c.add(sailboat(r.float(400, 800), horizon + 200, 2.2, '#2a2438', '#1c1826'));
  c.add(sailboat(r.float(100, 300), horizon + 40, 0.5, '#3a3050', '#2a2438'));
}

function nature(c: Canvas): void {
  const r = c.rng;
  const skyName = r.pick<SkyName>(['morning', 'day', 'golden']);
  sky(c, skyName, 380);
  sun(c, skyName, r.float(200, 1000), 130, 38);
  clouds(c, 2, 220);
  const trees: string[] = [];
  for (let x = -20; x < 1220; x += r.float(50, 90)) {
    const h = r.float(120, 220);
    trees.push(`<path d="M${n(x)} 400V${n(400 - h)}" stroke="#5a4634" stroke-width="8"/><ellipse cx="${n(x)}" cy="${n(400 - h)}" rx="${n(r.float(40, 70))}" ry="${n(r.float(30, 50))}" fill="#4a7a4e"/>`);
  }
  c.add(trees.join(''));
  c.add(rect(0, 390, 1200, 410, c.vgrad(['#7fa66a', '#5f8a4f'])));
  c.add(`<path d="M0 520C300 480 600 560 900 520S1150 500 1200 520V640C900 600 500 680 0 640Z" fill="${c.vgrad(SEAS[skyName])}" opacity=".9"/>`);
  seaOats(c, 700, 70, '#c0b070');
  // heron
  c.add(`<g transform="translate(${n(r.float(400, 800))} 560)" fill="#f4f6f8" stroke="#555" stroke-width="2"><ellipse cx="0" cy="-60" rx="40" ry="22"/><path d="M-20 -70Q-40 -140 -10 -150Q10 -150 4 -140Q-20 -120 -4 -74" /><path d="M-10 -150l-40 6l40 4z" fill="#e0b04f"/><path d="M-6 -40V40M10 -40V40" fill="none" stroke="#555" stroke-width="4"/></g>`);
}

function race(c: Canvas): void {
  const r = c.rng;
  seascape(c, { skyName: r.pick<SkyName>(['morning', 'day']), shore: 560 });
  sand(c, 500, ['#efdcb2', '#e2c58f'], false);
  c.add(`<path d="M0 600C400 580 800 620 1200 590V800H0Z" fill="#8e8e8e"/>`);
  // finish banner
  const col = r.pick(BRIGHT);
  c.add(`<path d="M200 620V260M1000 620V260" stroke="#555" stroke-width="12"/>` + rect(200, 260, 800, 80, col) + `<path d="M230 300h740" stroke="#fff" stroke-width="16" stroke-dasharray="24 24"/>`);
  crowd(c, 780, 8, 160, 230);
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
