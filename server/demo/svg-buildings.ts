/**
 * The demo's photos of buildings: exteriors (house, cottage, villa, condo) and interiors (living
 * room, kitchen, dining, bedrooms, bathroom, deck), drawn with the kit of ./svg-kit.ts.
 */
import { ACCENTS, artFrame, beachChair, BRIGHT, type Canvas, clouds, curtains, darken, HOUSE_COLORS, lamp, lighten, n, paletteFor, palms, pendant, plant, rect, ROOFS, room, sea, SEAS, seaOats, sky, SKIES, type SkyName, sun, TRIMS, umbrella, windowView, WOODS } from './svg-kit.ts';

// ---------------------------------------------------------------------------------------------
// Exteriors
// ---------------------------------------------------------------------------------------------

export function house(c: Canvas, style: 'house' | 'cottage' | 'villa'): void {
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

export function condo(c: Canvas): void {
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

export function living(c: Canvas): void {
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

export function kitchen(c: Canvas): void {
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

export function dining(c: Canvas): void {
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

export function bedroom(c: Canvas): void {
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

export function bunkRoom(c: Canvas): void {
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

export function bathroom(c: Canvas): void {
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

export function deck(c: Canvas): void {
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
