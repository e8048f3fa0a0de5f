import { machineRegistry, type RegisteredMachine } from '@/machines/registry';
import { layoutChart, type ChartLayout } from './chart-layout';
import { eventLabel, extractMachineChart, stateName, type ChartState, type ChartTransition, type MachineChart } from './machine-chart';
import { StatechartDiagram } from './statechart-diagram';

interface DrawnMachine {
  entry: RegisteredMachine;
  chart: MachineChart;
  layout: ChartLayout;
}

/** Drawn once per module load: the definitions do not change while the page lives. */
let drawn: DrawnMachine[] | null = null;
function drawRegistry(): DrawnMachine[] {
  drawn ??= machineRegistry.map((entry) => {
    const chart = extractMachineChart(entry.machine);
    return { entry, chart, layout: layoutChart(chart) };
  });
  return drawn;
}

function stateNotes(state: ChartState, chart: MachineChart): string[] {
  const notes: string[] = [];
  const parent = state.parentId === chart.root.id ? chart.root : chart.states.find((s) => s.id === state.parentId);
  if (state.initial && parent?.type !== 'parallel') notes.push('initial');
  if (state.transient) notes.push('transient: decides at once which state follows');
  if (state.type === 'final') notes.push('final');
  if (state.type === 'parallel') notes.push('parallel regions');
  if (state.childIds.length > 0 && state.type !== 'parallel') notes.push(`contains ${state.childIds.length} states`);
  return notes;
}

function targetText(chart: MachineChart, transition: ChartTransition): string {
  if (transition.targets.length === 0) return `stays in ${stateName(chart, transition.sourceId)} (internal)`;
  return transition.targets
    .map((target) => (target.relation === 'self' ? `${stateName(chart, target.id)} (re-entered)` : stateName(chart, target.id)))
    .join(', ');
}

function summaryOf({ entry, chart }: DrawnMachine): string {
  const names = chart.states.map((state) => `${state.path.join(' › ')}${state.initial ? ' (initial)' : ''}`).join(', ');
  const count = chart.transitions.length;
  return `State chart of ${entry.title}: ${chart.states.length} ${chart.states.length === 1 ? 'state' : 'states'} (${names}) and ${count} ${count === 1 ? 'transition' : 'transitions'}. The table below the chart lists every transition.`;
}

function MachineSection({ machine }: { machine: DrawnMachine }) {
  const { entry, chart, layout } = machine;
  const id = `machine-${chart.machineId}`;
  return (
    <section className="statechart" id={id} aria-labelledby={`${id}-title`} data-machine-id={chart.machineId}>
      <h2 id={`${id}-title`}>{entry.title}</h2>
      <p className="statechart__description">{entry.description}</p>
      <p className="statechart__meta">
        Machine <code>{chart.machineId}</code> · {chart.states.length} {chart.states.length === 1 ? 'state' : 'states'} ·{' '}
        {chart.transitions.length} {chart.transitions.length === 1 ? 'transition' : 'transitions'}
      </p>
      <figure className="statechart__figure">
        {/* Focusable so that keyboard users can scroll a chart wider than the screen. */}
        <div className="statechart__scroll" tabIndex={0} role="group" aria-label={`${entry.title} chart`}>
          <StatechartDiagram machineId={chart.machineId} layout={layout} summary={summaryOf(machine)} />
        </div>
      </figure>
      <h3 className="statechart__subtitle">States</h3>
      <ul className="statechart__states">
        {chart.states.map((state) => (
          <li key={state.id} data-state-id={state.id}>
            <code>{state.path.join(' › ')}</code>
            {stateNotes(state, chart).map((note) => (
              <span key={note} className="statechart__note-tag">
                {note}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <div className="statechart__table-wrap" tabIndex={0} role="group" aria-label={`${entry.title} transitions`}>
        <table className="statechart__table">
          <caption>Transitions of {entry.title}</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Event</th>
              <th scope="col">Guard</th>
              <th scope="col">Actions</th>
              <th scope="col">To</th>
            </tr>
          </thead>
          <tbody>
            {chart.transitions.map((transition) => (
              <tr key={transition.id} data-transition-id={transition.id}>
                <td>{stateName(chart, transition.sourceId)}</td>
                <td>
                  <code>{eventLabel(transition.event)}</code>
                  {transition.eventless ? <span className="statechart__hint"> (no event: taken at once)</span> : null}
                </td>
                <td>{transition.guard ? <code>[{transition.guard}]</code> : <span className="statechart__none">none</span>}</td>
                <td>
                  {transition.actions.length ? (
                    <code className="statechart__actions">{transition.actions.join(', ')}</code>
                  ) : (
                    <span className="statechart__none">none</span>
                  )}
                </td>
                <td>{targetText(chart, transition)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * /statecharts: every registered machine drawn from its live definition, for product owners
 * (issue 2 §7). Adding a machine to the registry adds its section here.
 */
export function StatechartsContent() {
  const machines = drawRegistry();
  return (
    <div className="page page--statecharts">
      <h1>State charts</h1>
      <p className="lead">
        Every behaviour of the site is a state machine. These charts are drawn from the machines the site runs, so they are always
        current; the model tests walk each one and check what a visitor sees in every state.
      </p>
      <nav className="statecharts__toc" aria-label="Machines">
        <ul>
          {machines.map(({ entry, chart }) => (
            <li key={chart.machineId}>
              <a href={`#machine-${chart.machineId}`}>{entry.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <details className="statecharts__legend">
        <summary>How to read a chart</summary>
        <ul>
          <li>A rounded box is a state; the dot and arrow point at the state a machine starts in, which also has a thicker border.</li>
          <li>
            An arrow is a transition, labelled <code>event [guard] / actions</code>: when the event arrives and the guard holds, the
            actions run and the machine moves to the state the arrow points at.
          </li>
          <li>A dashed box is transient: the machine decides at once, on the dashed arrows marked <code>always</code>.</li>
          <li>
            Lines inside a box are transitions that keep the machine in that state (↻ means the state is left and entered again).
          </li>
          <li>A state drawn inside another is one of its sub-states.</li>
        </ul>
      </details>
      {machines.map((machine) => (
        <MachineSection key={machine.chart.machineId} machine={machine} />
      ))}
    </div>
  );
}
