/**
 * The drawing kit of the demo's procedural photos (server/demo/svg.ts): palettes, the canvas
 * an SVG is drawn on, and the building blocks the scenes share (sky, sea, sand, palms, people,
 * boats, rooms, furniture, colours).
 */
import type { Random } from './random.ts';

export type SkyName = 'day' | 'morning' | 'golden' | 'sunset' | 'dusk' | 'night';

export const SKIES: Record<SkyName, string[]> = {
  day: ['#3f93da', '#8fcaf2', '#dff2fb'],
  morning: ['#69a9e4', '#b7daf3', '#fbe5c8'],
  golden: ['#6b93d1', '#f0bd8a', '#fde2b0'],
  sunset: ['#2c3b78', '#c7677c', '#f5a25f', '#ffdc97'],
  dusk: ['#141c48', '#4b3a78', '#c9657a'],
  night: ['#050a22', '#111c46', '#263667'],
};
export const SEAS: Record<SkyName, string[]> = {
  day: ['#17628f', '#2da3bd', '#7fd8d6'],
  morning: ['#2a6f9a', '#3eaac0', '#9ee0d8'],
  golden: ['#2f6a8e', '#4f9fb0', '#e6c49a'],
  sunset: ['#2f3f6f', '#8c5f7a', '#eea06c'],
  dusk: ['#15204a', '#3a3a6e', '#7f5a7e'],
  night: ['#050b24', '#0d1a40', '#1d2c58'],
};
export const SUN: Record<SkyName, string> = {
  day: '#fff6d6',
  morning: '#fff1c9',
  golden: '#ffe1a0',
  sunset: '#ffd07a',
  dusk: '#f7b58c',
  night: '#f3f1e0',
};

export const WALLS = ['#f4efe6', '#e9f2f2', '#f6e9dd', '#eef3e8', '#f2e8ee', '#eaeef6', '#f7f3ea'];
export const ACCENTS = ['#2f6f8f', '#d9825b', '#6f9f8f', '#e0b04f', '#5b7db1', '#c96b6b', '#3f8f9f', '#8a6fb0'];
export const WOODS = ['#c89f74', '#b5895e', '#d8b995', '#a27b57', '#e0c6a0'];
export const HOUSE_COLORS = ['#f7d9c4', '#cfe8e3', '#fff1c7', '#d8e4f5', '#f5c9c6', '#e2f0cb', '#fde2cf', '#d6ecf2', '#f3e3f0'];
export const ROOFS = ['#6b7b8c', '#8a5a44', '#4f6d7a', '#9b4f3f', '#5a6470', '#3e5f73'];
export const TRIMS = ['#ffffff', '#fbfaf5', '#f1f5f7'];
export const BRIGHT = ['#ef6f6c', '#f6b44b', '#4fb3bf', '#5b8def', '#9c6ade', '#6cc070', '#f28fb0', '#ffd35c'];

/** Number formatting: at most one decimal, to keep the files small. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export class Canvas {
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

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function sky(c: Canvas, name: SkyName, bottom: number): void {
  c.add(rect(0, 0, 1200, bottom + 2, c.vgrad(SKIES[name])));
  if (name === 'night' || name === 'dusk') {
    const stars: string[] = [];
    for (let i = 0; i < (name === 'night' ? 60 : 20); i++) {
      stars.push(`<circle cx="${n(c.rng.float(0, 1200))}" cy="${n(c.rng.float(0, bottom * 0.7))}" r="${n(c.rng.float(0.8, 2.2))}"/>`);
    }
    c.add(`<g fill="#fff" opacity=".8">${stars.join('')}</g>`);
  }
}

export function sun(c: Canvas, name: SkyName, x: number, y: number, r: number): void {
  const color = SUN[name];
  c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 4)}" fill="${c.rgrad(color, color, 0.55, 0)}"/>`);
  c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"/>`);
}

export function clouds(c: Canvas, count: number, maxY: number, tint = '#fff', opacity = 0.85): void {
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

export function sea(c: Canvas, name: SkyName, top: number, bottom: number, sunX?: number): void {
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

export function sand(c: Canvas, top: number, colors = ['#f3dfb8', '#e8cc98', '#dcb982'], foam = true): void {
  const a = top + c.rng.float(-20, 10);
  const b = top + c.rng.float(-10, 25);
  const d = `M0 ${n(top)} C300 ${n(a)} 800 ${n(b)} 1200 ${n(top - 8)} V800 H0Z`;
  if (foam) c.add(`<path d="M0 ${n(top - 8)} C300 ${n(a - 10)} 800 ${n(b - 6)} 1200 ${n(top - 16)} V${n(top + 30)} H0Z" fill="#e9f7f4" opacity=".7"/>`);
  c.add(`<path d="${d}" fill="${c.vgrad(colors)}"/>`);
}

export function paletteFor(rng: Random): { wall: string; accent: string; accent2: string; wood: string } {
  const accent = rng.pick(ACCENTS);
  let accent2 = rng.pick(ACCENTS);
  if (accent2 === accent) accent2 = ACCENTS[(ACCENTS.indexOf(accent) + 3) % ACCENTS.length]!;
  return { wall: rng.pick(WALLS), accent, accent2, wood: rng.pick(WOODS) };
}

/** The palm tree drawn once in <defs> and placed with <use>. */
export function palmDef(c: Canvas): string {
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

export function palms(c: Canvas, spots: { x: number; y: number; s: number; flip?: boolean }[]): void {
  if (spots.length === 0) return;
  const id = palmDef(c);
  c.add(
    spots
      .map((p) => `<use href="#${id}" transform="translate(${n(p.x)} ${n(p.y)}) scale(${p.flip ? -p.s : p.s} ${p.s})"/>`)
      .join(''),
  );
}

export function seaOats(c: Canvas, y: number, count: number, color = '#9a9a58'): void {
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

export function person(x: number, y: number, h: number, color: string, skin = '#c98e6b'): string {
  const r = h * 0.12;
  return `<g><circle cx="${n(x)}" cy="${n(y - h + r)}" r="${n(r)}" fill="${skin}"/><path d="M${n(x - h * 0.17)} ${n(y)}V${n(y - h * 0.55)}q0 ${n(-h * 0.2)} ${n(h * 0.17)} ${n(-h * 0.2)}q${n(h * 0.17)} 0 ${n(h * 0.17)} ${n(h * 0.2)}V${n(y)}Z" fill="${color}"/></g>`;
}

export function crowd(c: Canvas, y: number, count: number, hMin: number, hMax: number, dark = false): void {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const color = dark ? '#141a33' : c.rng.pick(BRIGHT);
    const skin = dark ? '#141a33' : c.rng.pick(['#f1c7a5', '#c98e6b', '#8d5a3b', '#e5b08a', '#6b4026']);
    parts.push(person(c.rng.float(-20, 1220), y + c.rng.float(-8, 12), c.rng.float(hMin, hMax), color, skin));
  }
  c.add(parts.join(''));
}

export function sailboat(x: number, y: number, s: number, sail: string, hull: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><path d="M0 -8V-150L70 -8Z" fill="${sail}"/><path d="M-6 -20V-120L-50 -20Z" fill="${sail}" opacity=".85"/><path d="M-70 -6H90L70 18H-52Z" fill="${hull}"/><path d="M0 -8V-155" stroke="#444" stroke-width="3"/></g>`;
}

export function motorboat(x: number, y: number, s: number, hull: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><path d="M-110 -10H120L95 30H-85Z" fill="${hull}"/><path d="M-110 -10H120" stroke="#fff" stroke-width="6"/><path d="M-40 -10V-60H40L60 -10Z" fill="#f4f6f8"/><path d="M-30 -52H30L44 -22H-30Z" fill="#5d88a8"/></g>`;
}

export function umbrella(x: number, y: number, s: number, a: string, b: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><path d="M0 0V-150" stroke="#f6f1e6" stroke-width="6"/><path d="M-120 -140Q0 -230 120 -140Z" fill="${a}"/><path d="M-40 -140Q0 -230 40 -140Z" fill="${b}"/><path d="M-120 -140Q-60 -120 0 -140Q60 -120 120 -140" fill="${a}"/></g>`;
}

export function beachChair(x: number, y: number, s: number, color: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})" stroke="#8a6a45" stroke-width="5" fill="none"><path d="M-40 0L-20 -40L40 -40L60 0"/><path d="M-20 -40L-45 -100" /><path d="M-22 -42L-42 -96L-8 -96L10 -42Z" fill="${color}" stroke="none"/><path d="M-18 -42H38L44 -30H-12Z" fill="${color}" stroke="none"/></g>`;
}

export function windowView(c: Canvas, x: number, y: number, w: number, h: number, skyName: SkyName, frame = '#ffffff'): void {
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

export function curtains(x: number, y: number, w: number, h: number, color: string): string {
  return `<g fill="${color}" opacity=".85"><path d="M${n(x - 40)} ${n(y - 20)}h70q-20 ${n(h * 0.5)} 10 ${n(h + 30)}h-80z"/><path d="M${n(x + w + 40)} ${n(y - 20)}h-70q20 ${n(h * 0.5)} -10 ${n(h + 30)}h80z"/></g><path d="M${n(x - 60)} ${n(y - 24)}h${n(w + 120)}" stroke="#8a7a66" stroke-width="6" stroke-linecap="round"/>`;
}

export function room(c: Canvas, wall: string, floor: string, floorTop = 560, tiled = false): void {
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

export function plant(x: number, y: number, s: number, pot: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><g fill="#3f8a55"><ellipse cx="-30" cy="-120" rx="18" ry="60" transform="rotate(-25 -30 -120)"/><ellipse cx="30" cy="-125" rx="18" ry="62" transform="rotate(22 30 -125)"/><ellipse cx="0" cy="-150" rx="20" ry="70"/><ellipse cx="-50" cy="-80" rx="14" ry="45" transform="rotate(-50 -50 -80)" fill="#52a064"/><ellipse cx="50" cy="-85" rx="14" ry="45" transform="rotate(48 50 -85)" fill="#52a064"/></g><path d="M-40 -70H40L30 0H-30Z" fill="${pot}"/></g>`;
}

export function lamp(x: number, y: number, s: number, shade: string, on = true): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})">${on ? '<ellipse cx="0" cy="-150" rx="120" ry="90" fill="#fff4c2" opacity=".35"/>' : ''}<path d="M-6 0V-130H6V0Z" fill="#7a6a58"/><path d="M-40 -125L-28 -185H28L40 -125Z" fill="${shade}"/><ellipse cx="0" cy="0" rx="30" ry="8" fill="#7a6a58"/></g>`;
}

export function artFrame(c: Canvas, x: number, y: number, w: number, h: number, name: SkyName): void {
  c.add(rect(x - 8, y - 8, w + 16, h + 16, '#f8f5ee', 'rx="2" stroke="#c9b79c" stroke-width="3"'));
  c.add(rect(x, y, w, h * 0.55, c.vgrad(SKIES[name])));
  c.add(rect(x, y + h * 0.55, w, h * 0.25, c.vgrad(SEAS[name])));
  c.add(rect(x, y + h * 0.8, w, h * 0.2, '#ecd6a8'));
}

export function pendant(x: number, top: number, len: number, color: string): string {
  return `<path d="M${n(x)} ${n(top)}v${n(len)}" stroke="#555" stroke-width="2"/><path d="M${n(x - 32)} ${n(top + len + 30)}Q${n(x)} ${n(top + len - 20)} ${n(x + 32)} ${n(top + len + 30)}Z" fill="${color}"/><ellipse cx="${n(x)}" cy="${n(top + len + 34)}" rx="26" ry="8" fill="#fff6cf" opacity=".9"/>`;
}

export function hexToRgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgbToHex(r: number, g: number, b: number): string {
  const c = (x: number) => Math.max(0, Math.min(255, Math.round(x))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function lighten(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  return rgbToHex(r + (255 - r) * amount, g + (255 - g) * amount, b + (255 - b) * amount);
}

export function darken(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  return rgbToHex(r * (1 - amount), g * (1 - amount), b * (1 - amount));
}
