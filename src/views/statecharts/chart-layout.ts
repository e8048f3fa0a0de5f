import { transitionLabelLines, type ChartState, type ChartTransition, type MachineChart } from './machine-chart';

/**
 * A small deterministic layered layout for one machine chart, in SVG user units.
 *
 * Inside each parent (the machine root or a compound state) the child states go into columns
 * by their breadth-first distance from the initial child, and into rows in the order the walk
 * meets them; a compound state is laid out the same way inside its own box. Every arrow between
 * two states carries its label in the gap next to its source column: forwards to the right,
 * backwards to the left, and between states of the same column in an arc to the right. Labels of
 * one gap are stacked so that they never overlap. Transitions that do not leave the state
 * (targetless, self and parent-to-child ones) are listed as text inside the source box.
 * Text widths are estimated for a monospace font, which the diagram uses.
 */

export interface TextRow {
  text: string;
  /** Set on every row that shows (part of) a transition. */
  transitionId?: string;
  kind: 'transition' | 'entry' | 'exit';
}

export interface BoxLayout {
  stateId: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Rows of text under the name: internal transitions, entry and exit actions. */
  rows: TextRow[];
  /** A note under the name (transient, final, parallel, history); `null` for an ordinary state. */
  badge: string | null;
  initial: boolean;
  transient: boolean;
  final: boolean;
  /** Has child states drawn inside it. */
  compound: boolean;
  /** Nesting depth below the root (0 for the machine's own states). */
  depth: number;
}

export interface LabelLayout {
  x: number;
  y: number;
  width: number;
  height: number;
  lines: string[];
}

export interface EdgeLayout {
  /** One transition draws one edge per target outside its source. */
  transitionId: string;
  sourceId: string;
  targetId: string;
  /** SVG path data, from the source box to the target box (the arrow head is at the target). */
  d: string;
  label: LabelLayout;
  eventless: boolean;
}

export interface InitialLayout {
  stateId: string;
  /** The dot. */
  cx: number;
  cy: number;
  /** Where the short arrow from the dot meets the initial state's left side. */
  toX: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  boxes: BoxLayout[];
  edges: EdgeLayout[];
  initials: InitialLayout[];
  /** Transitions of the machine root (they apply in every state), listed above the states. */
  note: { x: number; y: number; rows: TextRow[] } | null;
  /** Column of each state inside its parent, counted from the initial state. */
  columns: Record<string, number>;
  /** Row of each state inside its parent and column. */
  rows: Record<string, number>;
}

export const CHART_FONT_SIZE = 12;
export const CHART_NAME_FONT_SIZE = 14;
/** Advance of one character of the 12px monospace text, rounded up so that text always fits. */
const CHAR = 7.4;
const NAME_CHAR = 8.8;
export const CHART_LINE = 16;
const NAME_LINE = 20;
const PAD_X = 12;
const PAD_Y = 10;
/** Where a box's text goes: the name's baseline and the first row's, measured from the box's top-left. */
export const CHART_TEXT = { x: PAD_X, nameBaseline: PAD_Y + 15, firstRowBaseline: PAD_Y + NAME_LINE + 13 } as const;
const MIN_WIDTH = 112;
const MIN_HEIGHT = 44;
const ROW_GAP = 40;
const MIN_GAP = 64;
/** Room for an edge's curve on each side of its label. */
const CURVE = 24;
const LABEL_PAD = 4;
const LABEL_GAP = 8;
/** Left of a parent's first column, for the initial-state marker. */
const INITIAL_ROOM = 32;
const MARGIN = 12;
/** Longest row of text before a transition's actions wrap. */
const WRAP = 40;

interface Point {
  x: number;
  y: number;
}

type EdgeKind = 'forward' | 'backward' | 'same';

interface EdgeGeometry {
  transitionId: string;
  sourceId: string;
  targetId: string;
  eventless: boolean;
  kind: EdgeKind;
  source: Point;
  labelStart: Point;
  labelEnd: Point;
  target: Point;
  label: LabelLayout;
}

interface Laid {
  width: number;
  height: number;
  boxes: BoxLayout[];
  edges: EdgeGeometry[];
  initials: InitialLayout[];
}

/** Splits `/ a, b, c` into rows of at most `max` characters, breaking after commas. */
function wrapRow(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const parts = text.split(', ');
  const rows: string[] = [];
  let current = '';
  for (const [index, part] of parts.entries()) {
    const piece = index < parts.length - 1 ? `${part},` : part;
    if (current === '') current = piece;
    else if (current.length + 1 + piece.length <= max) current = `${current} ${piece}`;
    else {
      rows.push(current);
      current = `  ${piece}`;
    }
  }
  if (current !== '') rows.push(current);
  return rows;
}

/** A transition's label as rows: on one line when it is short, else event and actions apart. */
export function labelRows(transition: ChartTransition, prefix = '', suffix = ''): string[] {
  const [head = '', actions] = transitionLabelLines(transition);
  const one = `${prefix}${head}${actions ? ` ${actions}` : ''}${suffix}`;
  if (one.length <= WRAP) return [one];
  const rows = [`${prefix}${head}`];
  if (actions) rows.push(...wrapRow(`  ${actions}`, WRAP));
  if (suffix) rows[rows.length - 1] += suffix;
  return rows;
}

const textWidth = (rows: readonly string[], char = CHAR) => Math.max(0, ...rows.map((row) => row.length * char));

function translate(laid: Laid, dx: number, dy: number): Laid {
  const move = (p: Point): Point => ({ x: p.x + dx, y: p.y + dy });
  return {
    width: laid.width,
    height: laid.height,
    boxes: laid.boxes.map((box) => ({ ...box, x: box.x + dx, y: box.y + dy })),
    edges: laid.edges.map((edge) => ({
      ...edge,
      source: move(edge.source),
      labelStart: move(edge.labelStart),
      labelEnd: move(edge.labelEnd),
      target: move(edge.target),
      label: { ...edge.label, x: edge.label.x + dx, y: edge.label.y + dy },
    })),
    initials: laid.initials.map((initial) => ({ ...initial, cx: initial.cx + dx, cy: initial.cy + dy, toX: initial.toX + dx })),
  };
}

const fmt = (n: number) => String(Math.round(n * 10) / 10);
const pt = (p: Point) => `${fmt(p.x)} ${fmt(p.y)}`;

function edgePath(edge: EdgeGeometry): string {
  const { source: s, labelStart: a, labelEnd: b, target: t } = edge;
  if (edge.kind === 'same') {
    return `M ${pt(s)} Q ${pt({ x: a.x, y: s.y })} ${pt(a)} Q ${pt({ x: a.x, y: t.y })} ${pt(t)}`;
  }
  if (edge.kind === 'forward') {
    const c1 = Math.max(8, (a.x - s.x) / 2);
    const c2 = Math.max(8, (t.x - b.x) / 2);
    return `M ${pt(s)} C ${pt({ x: s.x + c1, y: s.y })} ${pt({ x: a.x - c1, y: a.y })} ${pt(a)} L ${pt(b)} C ${pt({ x: b.x + c2, y: b.y })} ${pt({ x: t.x - c2, y: t.y })} ${pt(t)}`;
  }
  // Backwards: leave the source on its left, run under the label from right to left.
  const c1 = Math.max(8, (s.x - b.x) / 2);
  const c2 = Math.max(8, (a.x - t.x) / 2);
  return `M ${pt(s)} C ${pt({ x: s.x - c1, y: s.y })} ${pt({ x: b.x + c1, y: b.y })} ${pt(b)} L ${pt(a)} C ${pt({ x: a.x - c2, y: a.y })} ${pt({ x: t.x + c2, y: t.y })} ${pt(t)}`;
}

interface Context {
  chart: MachineChart;
  byId: Map<string, ChartState>;
  columns: Record<string, number>;
  rows: Record<string, number>;
  /** Drawn edges, grouped by the parent whose layout places their labels. */
  edgesByContainer: Map<string, Array<{ transition: ChartTransition; targetId: string }>>;
  rowsByState: Map<string, TextRow[]>;
  /** How many drawn arrows start or end at each state. */
  edgeEnds: Map<string, number>;
}

function ancestry(ctx: Context, id: string): string[] {
  const chain: string[] = [];
  for (let state = ctx.byId.get(id); state; state = state.parentId ? ctx.byId.get(state.parentId) : undefined) chain.unshift(state.id);
  return chain;
}

/** The parent laying out an edge (the lowest common ancestor) and the two children of it on the edge's way. */
function edgeContainer(ctx: Context, sourceId: string, targetId: string): { container: string; from: string; to: string } {
  const a = ancestry(ctx, sourceId);
  const b = ancestry(ctx, targetId);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return { container: a[i - 1] ?? ctx.chart.root.id, from: a[i] ?? sourceId, to: b[i] ?? targetId };
}

function buildContext(chart: MachineChart): Context {
  const byId = new Map<string, ChartState>([[chart.root.id, chart.root], ...chart.states.map((s) => [s.id, s] as const)]);
  const ctx: Context = { chart, byId, columns: {}, rows: {}, edgesByContainer: new Map(), rowsByState: new Map(), edgeEnds: new Map() };
  const addRows = (stateId: string, rows: TextRow[]) => ctx.rowsByState.set(stateId, [...(ctx.rowsByState.get(stateId) ?? []), ...rows]);
  for (const state of [chart.root, ...chart.states]) {
    addRows(state.id, [
      ...state.entry.map((action) => ({ text: `entry / ${action}`, kind: 'entry' as const })),
      ...state.exit.map((action) => ({ text: `exit / ${action}`, kind: 'exit' as const })),
    ]);
  }
  for (const transition of chart.transitions) {
    const asRows = (prefix: string, suffix: string) =>
      labelRows(transition, prefix, suffix).map((text) => ({ text, transitionId: transition.id, kind: 'transition' as const }));
    if (transition.targets.length === 0) addRows(transition.sourceId, asRows('', ''));
    for (const target of transition.targets) {
      if (target.relation === 'other') {
        const { container } = edgeContainer(ctx, transition.sourceId, target.id);
        ctx.edgesByContainer.set(container, [...(ctx.edgesByContainer.get(container) ?? []), { transition, targetId: target.id }]);
        for (const end of [transition.sourceId, target.id]) ctx.edgeEnds.set(end, (ctx.edgeEnds.get(end) ?? 0) + 1);
      } else if (target.relation === 'self') {
        addRows(transition.sourceId, asRows('↻ ', ''));
      } else {
        addRows(transition.sourceId, asRows('', ` → ${byId.get(target.id)?.key ?? target.id}`));
      }
    }
  }
  return ctx;
}

function badgeOf(state: ChartState): string | null {
  if (state.transient) return 'transient: decides at once';
  if (state.type === 'final') return 'final';
  if (state.type === 'parallel') return 'parallel';
  if (state.type === 'history') return 'history';
  return null;
}

function layoutState(ctx: Context, state: ChartState, depth: number): Laid {
  const rows = ctx.rowsByState.get(state.id) ?? [];
  const badge = badgeOf(state);
  const headerWidth = Math.max(state.key.length * NAME_CHAR, textWidth(rows.map((r) => r.text)), badge ? badge.length * CHAR : 0);
  const headerHeight = PAD_Y + NAME_LINE + (badge ? CHART_LINE : 0) + (rows.length ? rows.length * CHART_LINE + 6 : 0);
  const box: BoxLayout = {
    stateId: state.id,
    name: state.key,
    x: 0,
    y: 0,
    width: 0,
    height: 0,
    rows,
    badge,
    // Every region of a parallel state is entered: none of them is "the" initial one.
    initial: state.initial && (state.parentId === null || ctx.byId.get(state.parentId)?.type !== 'parallel'),
    transient: state.transient,
    final: state.type === 'final',
    compound: state.childIds.length > 0,
    depth,
  };
  if (state.childIds.length === 0) {
    box.width = Math.ceil(Math.max(MIN_WIDTH, headerWidth + 2 * PAD_X));
    // Tall enough that the ends of its arrows stay apart.
    box.height = Math.max(MIN_HEIGHT, headerHeight + PAD_Y, ((ctx.edgeEnds.get(state.id) ?? 0) + 1) * 11);
    return { width: box.width, height: box.height, boxes: [box], edges: [], initials: [] };
  }
  const inner = translate(layoutChildren(ctx, state, depth + 1), PAD_X, headerHeight + 6);
  box.width = Math.ceil(Math.max(MIN_WIDTH, headerWidth + 2 * PAD_X, inner.width + 2 * PAD_X));
  box.height = headerHeight + 6 + inner.height + PAD_Y;
  return { width: box.width, height: box.height, boxes: [box, ...inner.boxes], edges: inner.edges, initials: inner.initials };
}

/**
 * Columns and rows of a parent's children. The walk is breadth-first from the initial child
 * (children it never reaches start walks of their own, in document order); a child's column is
 * one more than that of the furthest child met before it with an arrow to it, so arrows in walk
 * order always point right. Rows follow the walk; a child reached by an arrow that skips
 * columns takes a row that is free in the skipped columns, so that the arrow passes no box.
 */
function assignGrid(ctx: Context, parent: ChartState, edges: Array<{ from: string; to: string }>): Array<Array<string | undefined>> {
  const children = parent.childIds;
  if (parent.type === 'parallel') return [children.slice()];
  const next = new Map<string, string[]>(children.map((id) => [id, []]));
  for (const { from, to } of edges) if (from !== to && !next.get(from)?.includes(to)) next.get(from)?.push(to);
  const order: string[] = [];
  const seen = new Set<string>();
  const initial = children.find((id) => ctx.byId.get(id)?.initial) ?? children[0];
  for (const start of initial ? [initial, ...children.filter((id) => id !== initial)] : []) {
    if (seen.has(start)) continue;
    seen.add(start);
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.shift() as string;
      order.push(id);
      for (const to of next.get(id) ?? []) {
        if (seen.has(to)) continue;
        seen.add(to);
        queue.push(to);
      }
    }
  }
  const position = new Map(order.map((id, index) => [id, index]));
  const earlier = (id: string) =>
    order.filter((from) => (position.get(from) as number) < (position.get(id) as number) && next.get(from)?.includes(id));
  const column = new Map<string, number>();
  const occupied: Array<Set<number>> = [];
  const grid: Array<Array<string | undefined>> = [];
  for (const id of order) {
    const sources = earlier(id);
    const c = Math.max(0, ...sources.map((from) => (column.get(from) as number) + 1));
    column.set(id, c);
    const skipped = sources.flatMap((from) => {
      const a = column.get(from) as number;
      return Array.from({ length: Math.max(0, c - a - 1) }, (_, k) => a + 1 + k);
    });
    let r = 0;
    while (occupied[c]?.has(r) || skipped.some((k) => occupied[k]?.has(r))) r++;
    for (const k of [c, ...skipped]) (occupied[k] ??= new Set()).add(r);
    (grid[c] ??= [])[r] = id;
  }
  return grid;
}

function layoutChildren(ctx: Context, parent: ChartState, depth: number): Laid {
  const raw = ctx.edgesByContainer.get(parent.id) ?? [];
  const routed = raw.map(({ transition, targetId }) => ({ transition, targetId, ...edgeContainer(ctx, transition.sourceId, targetId) }));
  const columns = assignGrid(ctx, parent, routed);
  const laid = new Map(parent.childIds.map((id) => [id, layoutState(ctx, ctx.byId.get(id) as ChartState, depth)]));
  const columnOf = new Map<string, number>();
  const rowOf = new Map<string, number>();
  columns.forEach((ids, c) =>
    ids.forEach((id, r) => {
      if (id === undefined) return;
      columnOf.set(id, c);
      rowOf.set(id, r);
      ctx.columns[id] = c;
      ctx.rows[id] = r;
    }),
  );
  const size = (id: string) => laid.get(id) as Laid;
  const present = (ids: Array<string | undefined>) => ids.filter((id): id is string => id !== undefined);
  const colWidths = columns.map((ids) => Math.max(0, ...present(ids).map((id) => size(id).width)));
  const rowCount = Math.max(0, ...columns.map((ids) => ids.length));
  const rowHeights = Array.from({ length: rowCount }, (_, r) =>
    Math.max(0, ...columns.map((ids) => (ids[r] === undefined ? 0 : size(ids[r] as string).height))),
  );

  // Which gap each edge's label goes in, and how wide each gap must be.
  const edges = routed.map((edge) => {
    const cs = columnOf.get(edge.from) ?? 0;
    const ct = columnOf.get(edge.to) ?? 0;
    const kind: EdgeKind = cs < ct ? 'forward' : cs > ct ? 'backward' : 'same';
    const gap = kind === 'backward' ? cs - 1 : cs;
    const lines = labelRows(edge.transition);
    const width = Math.ceil(textWidth(lines) + 2 * LABEL_PAD);
    const height = lines.length * CHART_LINE + LABEL_PAD;
    return { ...edge, kind, gap, lines, width, height };
  });
  const gapWidths = columns.map((_, g) => {
    const inGap = edges.filter((edge) => edge.gap === g);
    const needed = Math.max(0, ...inGap.map((edge) => (edge.kind === 'same' ? CURVE + edge.width + 8 : edge.width + 2 * CURVE)));
    return g < columns.length - 1 ? Math.max(MIN_GAP, needed) : needed;
  });
  const left = parent.type === 'parallel' ? 0 : INITIAL_ROOM;
  const colX: number[] = [];
  columns.forEach((_, c) => colX.push(c === 0 ? left : (colX[c - 1] as number) + (colWidths[c - 1] as number) + (gapWidths[c - 1] as number)));
  const rowY: number[] = [];
  rowHeights.forEach((_, r) => rowY.push(r === 0 ? 0 : (rowY[r - 1] as number) + (rowHeights[r - 1] as number) + ROW_GAP));

  const result: Laid = { width: 0, height: 0, boxes: [], edges: [], initials: [] };
  columns.forEach((ids, c) =>
    ids.forEach((id, r) => {
      if (id === undefined) return;
      const child = size(id);
      const x = (colX[c] as number) + ((colWidths[c] as number) - child.width) / 2;
      const y = (rowY[r] as number) + ((rowHeights[r] as number) - child.height) / 2;
      const placed = translate(child, Math.round(x), Math.round(y));
      result.boxes.push(...placed.boxes);
      result.edges.push(...placed.edges);
      result.initials.push(...placed.initials);
    }),
  );
  const boxOf = (id: string) => result.boxes.find((box) => box.stateId === id) as BoxLayout;
  const centreY = (box: BoxLayout) => box.y + box.height / 2;

  // An arrow that skips columns runs at its target's height, in the row kept free for it;
  // a backward one runs under the columns it skips. Others sit between the states they join.
  const wantedY = (edge: (typeof edges)[number]) => {
    const source = centreY(boxOf(edge.transition.sourceId));
    const target = centreY(boxOf(edge.targetId));
    const cs = columnOf.get(edge.from) ?? 0;
    const ct = columnOf.get(edge.to) ?? 0;
    if (ct > cs + 1) return target;
    if (cs > ct + 1) {
      const skipped = columns.slice(ct + 1, cs).flatMap(present).map(boxOf);
      return Math.max(source, target, ...skipped.map((box) => box.y + box.height + edge.height));
    }
    return (source + target) / 2;
  };
  // Stack the labels of each gap around the height they want.
  const placedLabels = new Map<(typeof edges)[number], LabelLayout>();
  for (let g = 0; g < columns.length; g++) {
    const gapX = (colX[g] as number) + (colWidths[g] as number);
    const inGap = edges
      .map((edge, order) => ({ edge, order, want: wantedY(edge) }))
      .filter(({ edge }) => edge.gap === g)
      .sort((a, b) => a.want - b.want || a.order - b.order);
    let bottom = -Infinity;
    const tops = inGap.map(({ edge, want }) => {
      const top = Math.max(want - edge.height / 2, bottom + LABEL_GAP);
      bottom = top + edge.height;
      return top;
    });
    // Packing pushes labels down; centre the stack on where the labels wanted to be again.
    const wanted = inGap.reduce((sum, { want }) => sum + want, 0) / Math.max(1, inGap.length);
    const got = inGap.reduce((sum, { edge }, i) => sum + (tops[i] as number) + edge.height / 2, 0) / Math.max(1, inGap.length);
    const shift = tops.length ? Math.max(wanted - got, -Math.min(...tops)) : 0;
    inGap.forEach(({ edge }, i) => {
      const x = edge.kind === 'same' ? gapX + CURVE + LABEL_PAD : gapX + ((gapWidths[g] as number) - edge.width) / 2;
      const top = (tops[i] as number) + shift;
      placedLabels.set(edge, { x: Math.round(x), y: Math.round(top), width: edge.width, height: edge.height, lines: edge.lines });
    });
  }

  // Spread the ends of the edges along the box sides, in the order of their labels.
  type End = { edge: (typeof edges)[number]; end: 'source' | 'target'; along: number };
  const sides = new Map<string, End[]>();
  const sideOf = (edge: (typeof edges)[number], end: 'source' | 'target') => {
    const onRight = edge.kind === 'same' || (edge.kind === 'forward') === (end === 'source');
    return `${end === 'source' ? edge.transition.sourceId : edge.targetId}:${onRight ? 'right' : 'left'}`;
  };
  for (const edge of edges) {
    const label = placedLabels.get(edge) as LabelLayout;
    for (const end of ['source', 'target'] as const) {
      const key = sideOf(edge, end);
      sides.set(key, [...(sides.get(key) ?? []), { edge, end, along: label.y + label.height / 2 }]);
    }
  }
  const attach = new Map<string, Point>();
  for (const [key, ends] of sides) {
    const [stateId = '', side] = [key.slice(0, key.lastIndexOf(':')), key.slice(key.lastIndexOf(':') + 1)];
    const box = boxOf(stateId);
    ends.sort((a, b) => a.along - b.along);
    ends.forEach((end, i) => {
      const y = box.y + ((i + 1) * box.height) / (ends.length + 1);
      attach.set(`${end.end}:${edges.indexOf(end.edge)}`, { x: side === 'right' ? box.x + box.width : box.x, y: Math.round(y) });
    });
  }
  edges.forEach((edge, index) => {
    const label = placedLabels.get(edge) as LabelLayout;
    const lineY = edge.kind === 'same' ? label.y + label.height / 2 : label.y + label.height + 1;
    let startX = edge.kind === 'same' ? label.x - LABEL_PAD : label.x;
    let endX = label.x + label.width;
    // An arrow that skips columns runs straight past them, in the row (or under the rows) kept for it.
    const cs = columnOf.get(edge.from) ?? 0;
    const ct = columnOf.get(edge.to) ?? 0;
    if (ct > cs + 1) endX = Math.max(endX, (colX[ct] as number) - CURVE);
    if (cs > ct + 1) startX = Math.min(startX, (colX[ct] as number) + (colWidths[ct] as number) + CURVE);
    result.edges.push({
      transitionId: edge.transition.id,
      sourceId: edge.transition.sourceId,
      targetId: edge.targetId,
      eventless: edge.transition.eventless,
      kind: edge.kind,
      source: attach.get(`source:${index}`) as Point,
      target: attach.get(`target:${index}`) as Point,
      labelStart: { x: startX, y: lineY },
      labelEnd: { x: endX, y: lineY },
      label,
    });
  });

  if (parent.type !== 'parallel') {
    const initial = parent.childIds.find((id) => ctx.byId.get(id)?.initial);
    if (initial) {
      const box = boxOf(initial);
      const cy = Math.round(centreY(box));
      const cx = box.x - 22;
      result.initials.push({ stateId: initial, cx, cy, toX: box.x });
    }
  }
  const lastColumn = columns.length - 1;
  result.width = lastColumn < 0 ? 0 : (colX[lastColumn] as number) + (colWidths[lastColumn] as number) + (gapWidths[lastColumn] as number);
  result.height = Math.max(
    0,
    ...result.boxes.map((box) => box.y + box.height),
    ...[...placedLabels.values()].map((label) => label.y + label.height),
  );
  return result;
}

/** Lays out one machine chart. Deterministic: the same definition always gives the same drawing. */
export function layoutChart(chart: MachineChart): ChartLayout {
  const ctx = buildContext(chart);
  const rootRows = ctx.rowsByState.get(chart.root.id) ?? [];
  const noteHeight = rootRows.length ? (rootRows.length + 1) * CHART_LINE + 12 : 0;
  const inner = translate(layoutChildren(ctx, chart.root, 0), MARGIN, MARGIN + noteHeight);
  const noteWidth = rootRows.length ? textWidth(['In every state:', ...rootRows.map((row) => row.text)]) : 0;
  return {
    width: Math.ceil(Math.max(inner.width, noteWidth) + 2 * MARGIN),
    height: Math.ceil(inner.height + noteHeight + 2 * MARGIN),
    boxes: inner.boxes,
    edges: inner.edges.map((edge) => ({
      transitionId: edge.transitionId,
      sourceId: edge.sourceId,
      targetId: edge.targetId,
      d: edgePath(edge),
      label: edge.label,
      eventless: edge.eventless,
    })),
    initials: inner.initials,
    note: rootRows.length ? { x: MARGIN, y: MARGIN, rows: rootRows } : null,
    columns: ctx.columns,
    rows: ctx.rows,
  };
}
