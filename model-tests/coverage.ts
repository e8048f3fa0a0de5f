import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type EventFrom, type EventObject, type InputFrom, type InspectionEvent, type Snapshot, type SnapshotFrom } from 'xstate';
import { serializeSnapshot, type StatePath, type Step, type TestModel } from 'xstate/graph';
import { machineRegistry } from '@/machines/registry';
import { allStateNodes, extractMachineChart, ownTransitions, stateName, transitionId } from '@/views/statecharts/machine-chart';

/**
 * Model-test helpers: which paths to walk, how to run one against the real view, and what the
 * real actors did while it ran.
 *
 * Coverage is not taken from the model. The actor behind the view is created with an inspector;
 * a transition counts as covered only when the running actor took it (an XState microstep) while
 * the view carried out a path step, and the view's assertions for the state it led to passed.
 * A state counts when the running actor was in it (or left it by an eventless transition) in a
 * step whose assertions passed. The totals come from the machine definition itself.
 */

export const COVERAGE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.coverage');

/** A model event with the way a visitor brings it about, when there is more than one. */
export type Via<TEvent extends EventObject> = TEvent & { via: string };

/** Every state node a visitor can be in: all nodes below the root (the root itself when it has none). */
export function countedStates(machine: AnyStateMachine): AnyStateNode[] {
  const [root, ...below] = allStateNodes(machine);
  return below.length > 0 ? below : root ? [root] : [];
}

/** Every transition of every state node, guarded alternatives, eventless and targetless ones included. */
export function countedTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return allStateNodes(machine).flatMap(ownTransitions);
}

/** A fingerprint of the machine definition, so that the report can tell a stale coverage entry. */
export function definitionHash(machine: AnyStateMachine): string {
  return createHash('sha256').update(JSON.stringify(extractMachineChart(machine))).digest('hex').slice(0, 16);
}

/** `favouritesMachine` → `favourites`, `searchPanel` → `search-panel`: the name of a machine's model-test file. */
export function modelTestFileName(machine: AnyStateMachine): string {
  return `${machine.id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.test.tsx`;
}

export interface CoverageEntry {
  id: string;
  title: string;
  hash: string;
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  missing: { states: string[]; transitions: string[] };
  /** Events no view sends: their transitions cannot be reached the way a visitor works. */
  gaps: Array<{ event: string; reason: string }>;
}

interface StepRecord {
  eventType: string | null;
  states: Set<AnyStateNode>;
  transitions: Set<AnyTransitionDefinition>;
  received: number;
}

/** Records what the running actors of one machine did, step by step; see the module comment. */
export class ModelCoverage {
  readonly machine: AnyStateMachine;
  private readonly stateNodes: Set<AnyStateNode>;
  private readonly transitionDefs: Set<AnyTransitionDefinition>;
  private readonly coveredStates = new Set<AnyStateNode>();
  private readonly coveredTransitions = new Set<AnyTransitionDefinition>();
  private readonly gaps = new Map<string, string>();
  private step: StepRecord | null = null;

  constructor(machine: AnyStateMachine) {
    this.machine = machine;
    this.stateNodes = new Set(countedStates(machine));
    this.transitionDefs = new Set(countedTransitions(machine));
  }

  /** Pass as `inspect` to `createActor`: it sees the actor and every child it spawns. */
  readonly inspect = (event: InspectionEvent): void => {
    const step = this.step;
    if (!step || (event.actorRef as { logic?: unknown }).logic !== this.machine) return;
    if (event.type === '@xstate.event' && event.event.type === step.eventType) step.received++;
    if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') this.observeNodes(step, event.snapshot);
    if (event.type === '@xstate.microstep') {
      for (const transition of event._transitions) {
        if (!this.transitionDefs.has(transition)) continue;
        // Only the step's own event, or the eventless transitions it leads to, count for the step.
        if (transition.eventType !== step.eventType && transition.eventType !== '') continue;
        step.transitions.add(transition);
        if (this.stateNodes.has(transition.source)) step.states.add(transition.source);
      }
    }
  };

  private observeNodes(step: StepRecord, snapshot: Snapshot<unknown>) {
    const nodes = (snapshot as { _nodes?: AnyStateNode[] })._nodes ?? [];
    for (const node of nodes) if (this.stateNodes.has(node)) step.states.add(node);
  }

  /** Starts recording a path step; `null` for the first one (the view is set up, no event yet). */
  begin(eventType: string | null): void {
    this.step = { eventType, states: new Set(), transitions: new Set(), received: 0 };
  }

  /** Looks at actors that already run (created before the inspector could see them). */
  observe(snapshot: Snapshot<unknown>): void {
    if (this.step) this.observeNodes(this.step, snapshot);
  }

  /** How often an actor of this machine received the step's event so far. */
  get received(): number {
    return this.step?.received ?? 0;
  }

  /** The step's assertions passed: what the actors did in it counts. */
  commit(): void {
    if (!this.step) return;
    for (const state of this.step.states) this.coveredStates.add(state);
    for (const transition of this.step.transitions) this.coveredTransitions.add(transition);
    this.step = null;
  }

  /** The step failed: nothing it did counts. */
  discard(): void {
    this.step = null;
  }

  /** Notes an event that no view sends, so the report can say why its transitions are missing. */
  gap(event: string, reason: string): void {
    this.gaps.set(event, reason);
  }

  entry(): CoverageEntry {
    const registered = machineRegistry.find((entry) => entry.machine === this.machine);
    if (!registered) throw new Error(`Machine '${this.machine.id}' is not in the registry (src/machines/registry.ts)`);
    const chart = extractMachineChart(this.machine);
    const states = countedStates(this.machine);
    const transitions = countedTransitions(this.machine);
    const describe = (t: AnyTransitionDefinition) => {
      const c = chart.transitions.find((x) => x.id === transitionId(t));
      const to = t.target?.length ? t.target.map((node: AnyStateNode) => stateName(chart, node.id)).join(', ') : '(stays)';
      return `${stateName(chart, t.source.id)} --${c?.event ?? t.eventType}${c?.guard ? ` [${c.guard}]` : ''}--> ${to}`;
    };
    return {
      id: this.machine.id,
      title: registered.title,
      hash: definitionHash(this.machine),
      states: { covered: states.filter((s) => this.coveredStates.has(s)).length, total: states.length },
      transitions: { covered: transitions.filter((t) => this.coveredTransitions.has(t)).length, total: transitions.length },
      missing: {
        states: states.filter((s) => !this.coveredStates.has(s)).map((s) => stateName(chart, s.id)),
        transitions: transitions.filter((t) => !this.coveredTransitions.has(t)).map(describe),
      },
      gaps: [...this.gaps].map(([event, reason]) => ({ event, reason })),
    };
  }

  /** Writes `model-tests/.coverage/{id}.json` for `report.ts`. */
  write(): CoverageEntry {
    const entry = this.entry();
    fs.mkdirSync(COVERAGE_DIR, { recursive: true });
    fs.writeFileSync(path.join(COVERAGE_DIR, `${entry.id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
    return entry;
  }
}

/** The event sequence of a path, for deduplication and test titles. */
function eventsOf(path: StatePath<Snapshot<unknown>, EventObject>): string[] {
  return path.steps.slice(1).map((step) => JSON.stringify(step.event));
}

function isPrefix(short: string[], long: string[]): boolean {
  return short.length <= long.length && short.every((event, i) => event === long[i]);
}

/**
 * The paths to walk for one test model: the shortest path to every state the model can reach
 * (paths that are the start of a longer one are dropped), then, for transitions those paths never
 * take (targetless and guarded alternatives that do not change the state value, say), the
 * shortest path to a state where one is enabled plus that one event. With `everyEdge`, every
 * enabled event of every reached state gets its own path, even when its transition is already
 * taken elsewhere: for machines whose event payloads matter (a jump target, for instance).
 */
export function planPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  machine: AnyStateMachine,
  { everyEdge = false }: { everyEdge?: boolean } = {},
): Array<PlannedPath<TSnapshot, TEvent>> {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const taken = (state: TSnapshot, event: TEvent): AnyTransitionDefinition[] =>
    (machine.getTransitionData(state as never, event as never) ?? []) as AnyTransitionDefinition[];
  const covered = new Set<AnyTransitionDefinition>();
  for (const path of shortest) {
    path.steps.slice(1).forEach((step, i) => {
      const before = path.steps[i]?.state as TSnapshot;
      for (const t of taken(before, step.event)) covered.add(t);
    });
  }
  const adjacency = Object.values(model.getAdjacencyMap());
  const extended: Array<StatePath<TSnapshot, TEvent>> = [];
  const byLength = [...shortest].sort((a, b) => a.steps.length - b.steps.length);
  const extendedKeys = new Set<string>();
  for (const path of byLength) {
    const key = serializeSnapshot(path.state as never);
    const entry = adjacency.find((value) => serializeSnapshot(value.state as never) === key);
    const edges = (entry ? Object.values(entry.transitions) : []) as Array<{ event: TEvent; state: TSnapshot }>;
    for (const { event, state } of edges) {
      const transitions = taken(path.state, event);
      const news = transitions.filter((t) => !covered.has(t));
      const edgeKey = `${key}|${JSON.stringify(event)}`;
      if (extendedKeys.has(edgeKey) || (!everyEdge && news.length === 0)) continue;
      extendedKeys.add(edgeKey);
      for (const t of transitions) covered.add(t);
      const steps: Steps<TSnapshot, TEvent> = [...path.steps, { event, state }];
      extended.push({ state, steps, weight: path.weight + 1 });
    }
  }
  const candidates: Array<StatePath<TSnapshot, TEvent>> = [...shortest, ...extended];
  const sequences = candidates.map(eventsOf);
  const kept = candidates.filter((_, i) => {
    const own = sequences[i] as string[];
    // Drop a path that is the start of a longer one (or an exact duplicate of an earlier one).
    return !sequences.some((other, j) => j !== i && isPrefix(own, other) && (own.length < other.length || j < i));
  });
  return kept.map((p) => ({ ...p, description: describePath(p) }));
}

type Steps<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> = Array<Step<TSnapshot, TEvent>>;

export type PlannedPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> = StatePath<TSnapshot, TEvent> & {
  description: string;
};

function formatEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const details = Object.entries(rest)
    .map(([key, value]) => {
      const text = JSON.stringify(value) ?? String(value);
      return `${key}: ${text.length > 40 ? `${text.slice(0, 37)}…` : text}`;
    })
    .join(', ');
  return details ? `${type} (${details})` : type;
}

function stateValueText(state: Snapshot<unknown>): string {
  const value = (state as { value?: unknown }).value;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `reaches tiny: header.scrolled (y: 240)`; the start state alone for the empty path. */
export function describePath(path: StatePath<Snapshot<unknown>, EventObject>): string {
  const events = path.steps.slice(1).map((step) => formatEvent(step.event));
  return events.length ? `reaches ${stateValueText(path.state)}: ${events.join(' → ')}` : `starts in ${stateValueText(path.state)}`;
}

export interface PathDriver<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> {
  /** Sets up the real view and its actors (the model's start state). */
  start: () => Promise<void> | void;
  /** Carries out one event the way a visitor does it. */
  perform: (event: TEvent, before: TSnapshot) => Promise<void> | void;
  /** Asserts what the visitor sees in the model's state (and that the real actor is in it). */
  expectState: (state: TSnapshot) => Promise<void> | void;
  /** Tears the view and its actors down. */
  stop: () => Promise<void> | void;
  /**
   * Whether the step's event must reach an actor of the machine. True by default; false for events
   * the model takes without the real actor seeing them (none so far).
   */
  expectDelivery?: (event: TEvent) => boolean;
}

/**
 * Runs one path against the real view: start, then for each step perform the event and check
 * the state. Each step's record counts only when its assertions passed.
 */
export async function runPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  coverage: ModelCoverage,
  driver: PathDriver<TSnapshot, TEvent>,
): Promise<void> {
  const [first, ...rest] = path.steps;
  try {
    coverage.begin(null);
    await driver.start();
    if (first) await driver.expectState(first.state);
    coverage.commit();
    let before = first?.state as TSnapshot;
    for (const step of rest) {
      coverage.begin(step.event.type);
      await driver.perform(step.event, before);
      if ((driver.expectDelivery?.(step.event) ?? true) && coverage.received === 0) {
        throw new Error(`The view did not send '${step.event.type}' to the ${coverage.machine.id} actor`);
      }
      await driver.expectState(step.state);
      coverage.commit();
      before = step.state;
    }
  } catch (error) {
    coverage.discard();
    throw error;
  } finally {
    await driver.stop();
  }
}

/**
 * Walks one chosen story through the real view, outside the planned paths: start, then each event
 * of `events` named by its `via`, in order, checking the view in the model's state after each;
 * `check` runs on the last state before the view is torn down. Returns nothing: the assertions
 * are the test (e.g. a failure, 'Try again', and the data shown).
 */
export async function walkStory<TMachine extends AnyStateMachine>(
  machine: TMachine,
  story: { input?: InputFrom<TMachine>; events: ReadonlyArray<EventFrom<TMachine> & { via: string }>; vias: readonly string[] },
  driver: PathDriver<SnapshotFrom<TMachine>, EventFrom<TMachine>>,
  check: (snapshot: SnapshotFrom<TMachine>) => void,
): Promise<void> {
  // The machines' input is optional or given: the story passes what the machine takes.
  let snapshot = (getInitialSnapshot as (logic: AnyStateMachine, input?: unknown) => SnapshotFrom<TMachine>)(machine, story.input);
  await driver.start();
  try {
    for (const via of story.vias) {
      const event = story.events.find((candidate) => (candidate as { via: string }).via === via);
      if (!event) throw new Error(`No event of the model is done by '${via}'`);
      await driver.perform(event, snapshot);
      snapshot = getNextSnapshot(machine, snapshot, event) as SnapshotFrom<TMachine>;
      await driver.expectState(snapshot);
    }
    check(snapshot);
  } finally {
    await driver.stop();
  }
}
