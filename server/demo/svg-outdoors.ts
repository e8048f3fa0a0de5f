/**
 * The demo's outdoor and community photos: the sea, beach, pool, pier, harbor, town and market,
 * events and activities, drawn with the kit of ./svg-kit.ts.
 */
import { ACCENTS, beachChair, BRIGHT, type Canvas, clouds, crowd, darken, HOUSE_COLORS, motorboat, n, palms, person, rect, ROOFS, sailboat, sand, sea, seaOats, SEAS, sky, type SkyName, sun, umbrella, WOODS } from './svg-kit.ts';

// ---------------------------------------------------------------------------------------------
// Outdoor and community scenes
// ---------------------------------------------------------------------------------------------

export function seascape(c: Canvas, opts: { skyName?: SkyName; horizon?: number; shore?: number; sunY?: number } = {}): { skyName: SkyName; horizon: number; shore: number; sunX: number } {
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

export function ocean(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { shore: 700 });
  if (r.chance(0.6)) c.add(sailboat(r.float(150, 1050), horizon + 14, 0.35, '#fff', '#37474f'));
  sand(c, r.float(600, 650));
  c.add(`<path d="M0 800V690C150 640 300 650 420 700S520 760 560 800Z" fill="${c.vgrad(['#e6d3a5', '#cdb27a'])}"/>`);
  seaOats(c, 720, 30);
  if (r.chance(0.5)) palms(c, [{ x: r.chance(0.5) ? 120 : 1080, y: 820, s: 1.5, flip: r.chance(0.5) }]);
}

export function pool(c: Canvas): void {
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

export function beach(c: Canvas): void {
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

export function pier(c: Canvas): void {
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

export function lighthouse(c: Canvas): void {
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

export function harbor(c: Canvas): void {
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

export function boardwalk(c: Canvas): void {
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

export function town(c: Canvas, market: boolean): void {
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

export function festival(c: Canvas): void {
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

export function concert(c: Canvas): void {
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

export function fireworks(c: Canvas): void {
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

export function regatta(c: Canvas): void {
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

export function kayak(c: Canvas): void {
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

export function snorkel(c: Canvas): void {
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

export function fishing(c: Canvas): void {
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

export function paddleboard(c: Canvas): void {
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

export function bike(c: Canvas): void {
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

export function yoga(c: Canvas): void {
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

export function dolphin(c: Canvas): void {
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

export function sunsetSail(c: Canvas): void {
  const r = c.rng;
  const { horizon } = seascape(c, { skyName: r.pick<SkyName>(['sunset', 'dusk', 'golden']), shore: 800 });
  c.add(sailboat(r.float(400, 800), horizon + 200, 2.2, '#2a2438', '#1c1826'));
  c.add(sailboat(r.float(100, 300), horizon + 40, 0.5, '#3a3050', '#2a2438'));
}

export function nature(c: Canvas): void {
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

export function race(c: Canvas): void {
  const r = c.rng;
  seascape(c, { skyName: r.pick<SkyName>(['morning', 'day']), shore: 560 });
  sand(c, 500, ['#efdcb2', '#e2c58f'], false);
  c.add(`<path d="M0 600C400 580 800 620 1200 590V800H0Z" fill="#8e8e8e"/>`);
  // finish banner
  const col = r.pick(BRIGHT);
  c.add(`<path d="M200 620V260M1000 620V260" stroke="#555" stroke-width="12"/>` + rect(200, 260, 800, 80, col) + `<path d="M230 300h740" stroke="#fff" stroke-width="16" stroke-dasharray="24 24"/>`);
  crowd(c, 780, 8, 160, 230);
}
