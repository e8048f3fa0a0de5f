import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * Reads a live XState machine definition into plain data for the /statecharts page and the
 * model-test coverage count: every state node and every transition (guarded alternatives,
 * eventless `always` and targetless transitions each count once). Nothing here is hand-written
 * per machine, so a machine added to the registry is drawn as it is.
 */

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The state node id, e.g. `flag.unflagged`. */
  id: string;
  /** The state's own key, e.g. `unflagged`. */
  key: string;
  /** Keys from the machine root, e.g. `['payment', 'pending']`. */
  path: string[];
  /** `null` for the machine root. */
  parentId: string | null;
  type: ChartStateType;
  /** The state its parent enters first (for a parallel parent, every region). */
  initial: boolean;
  /** Has eventless (`always`) transitions: the machine decides at once and does not rest here. */
  transient: boolean;
  childIds: string[];
  entry: string[];
  exit: string[];
}

/** How a transition's target relates to its source, which decides how it is drawn. */
export type TargetRelation = 'other' | 'self' | 'descendant' | 'ancestor';

export interface ChartTransition {
  /** Stable id: `sourceId|event|index`, the index counting the guarded alternatives in order. */
  id: string;
  sourceId: string;
  /** The event type; `always` for an eventless transition. */
  event: string;
  eventless: boolean;
  /** The guard's name, `null` without a guard. */
  guard: string | null;
  actions: string[];
  /** Empty for a targetless (internal) transition: the machine stays where it is. */
  targets: Array<{ id: string; relation: TargetRelation }>;
}

export interface MachineChart {
  machineId: string;
  root: ChartState;
  /** Every state node below the root, in document order. */
  states: ChartState[];
  /** Every transition of every state node, the root's included, in document order. */
  transitions: ChartTransition[];
}

const EVENTLESS = '';

/** The event type shown for eventless transitions. */
export const ALWAYS_EVENT = 'always';

/**
 * The stable id of one transition definition, the same one `extractMachineChart` gives it.
 *
 * @example transitionId(flagMachine.root.states.unflagged.transitions.get('flag.clicked')[0]) // 'flag.unflagged|flag.clicked|0'
 */
export function transitionId(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const siblings: readonly AnyTransitionDefinition[] =
    transition.eventType === EVENTLESS ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const event = transition.eventType === EVENTLESS ? ALWAYS_EVENT : transition.eventType;
  return `${source.id}|${event}|${siblings.indexOf(transition)}`;
}

/** Every transition definition of one state node: the `on` map in order, then `always`. */
export function ownTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** Every state node of the machine, the root first, in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return nodes;
}

function stripBuiltin(type: string): string {
  return type.startsWith('xstate.') ? type.slice('xstate.'.length) : type;
}

/** A readable name for a guard: its name in `setup`, or `!a`, `a && b`, `a || b` for the combinators. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combinator = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(combinator.guards)) {
      const parts = combinator.guards.map(guardLabel);
      if (combinator.name === 'not') return `!${parts[0] ?? ''}`;
      if (combinator.name === 'and') return parts.join(' && ');
      if (combinator.name === 'or') return parts.join(' || ');
    }
    if (combinator.stateValue !== undefined) return `in ${JSON.stringify(combinator.stateValue)}`;
    return combinator.name || 'inline guard';
  }
  if (guard !== null && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** A readable name for an action: its name in `setup`, or the built-in's name (`assign`, `emit` …). */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const builtin = action as { type?: unknown; name?: string };
    if (typeof builtin.type === 'string') return stripBuiltin(builtin.type);
    return builtin.name || 'inline action';
  }
  if (action !== null && typeof action === 'object' && 'type' in action) return stripBuiltin(String((action as { type: unknown }).type));
  return 'action';
}

function isAncestor(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) if (parent === ancestor) return true;
  return false;
}

function relationOf(source: AnyStateNode, target: AnyStateNode): TargetRelation {
  if (source === target) return 'self';
  if (isAncestor(source, target)) return 'descendant';
  if (isAncestor(target, source)) return 'ancestor';
  return 'other';
}

function initialChildren(node: AnyStateNode): Set<AnyStateNode> {
  if (node.type === 'parallel') return new Set(Object.values(node.states) as AnyStateNode[]);
  const initial = node.initial as { target?: readonly AnyStateNode[] } | undefined;
  const children = new Set<AnyStateNode>();
  for (const target of initial?.target ?? []) {
    // The initial target may be a deeper descendant: mark the child on the way to it.
    let step: AnyStateNode | undefined = target;
    while (step && step.parent !== node) step = step.parent;
    if (step) children.add(step);
  }
  return children;
}

function toChartState(node: AnyStateNode, initial: boolean): ChartState {
  return {
    id: node.id,
    key: node.parent ? node.key : node.id,
    path: [...node.path],
    parentId: node.parent ? node.parent.id : null,
    type: node.type as ChartStateType,
    initial,
    transient: (node.always ?? []).length > 0,
    childIds: (Object.values(node.states) as AnyStateNode[]).map((child) => child.id),
    entry: node.entry.map(actionLabel),
    exit: node.exit.map(actionLabel),
  };
}

function toChartTransition(transition: AnyTransitionDefinition): ChartTransition {
  const eventless = transition.eventType === EVENTLESS;
  return {
    id: transitionId(transition),
    sourceId: transition.source.id,
    event: eventless ? ALWAYS_EVENT : transition.eventType,
    eventless,
    guard: transition.guard === undefined ? null : guardLabel(transition.guard),
    actions: transition.actions.map(actionLabel),
    targets: (transition.target ?? []).map((target: AnyStateNode) => ({
      id: target.id,
      relation: relationOf(transition.source, target),
    })),
  };
}

/** Plain data of a live machine definition: its states and transitions, in document order. */
export function extractMachineChart(machine: AnyStateMachine): MachineChart {
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const visit = (node: AnyStateNode) => {
    const initials = initialChildren(node);
    for (const transition of ownTransitions(node)) transitions.push(toChartTransition(transition));
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      states.push(toChartState(child, initials.has(child)));
      visit(child);
    }
  };
  visit(machine.root);
  return { machineId: machine.id, root: toChartState(machine.root, true), states, transitions };
}

/**
 * The event as people read it: XState's own done and error events by their config names.
 *
 * @example eventLabel('xstate.done.state.booking.paying') // 'onDone'
 */
export function eventLabel(event: string): string {
  if (event.startsWith('xstate.done.state.')) return 'onDone';
  if (event.startsWith('xstate.done.actor.')) return `onDone (${event.slice('xstate.done.actor.'.length)})`;
  if (event.startsWith('xstate.error.actor.')) return `onError (${event.slice('xstate.error.actor.'.length)})`;
  return event;
}

/** The two lines of a transition's label: `event [guard]` and `/ action, action` when it has actions. */
export function transitionLabelLines(transition: ChartTransition): string[] {
  const event = eventLabel(transition.event);
  const head = transition.guard ? `${event} [${transition.guard}]` : event;
  return transition.actions.length > 0 ? [head, `/ ${transition.actions.join(', ')}`] : [head];
}

/** A state's name for people: its keys from the root, joined with ' › ' when nested. */
export function stateName(chart: MachineChart, stateId: string): string {
  if (stateId === chart.root.id) return `${chart.machineId} (any state)`;
  const state = chart.states.find((s) => s.id === stateId);
  return state ? state.path.join(' › ') : stateId;
}
