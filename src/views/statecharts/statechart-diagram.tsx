import { CHART_FONT_SIZE, CHART_LINE, CHART_NAME_FONT_SIZE, CHART_TEXT, type BoxLayout, type ChartLayout } from './chart-layout';

const FONT = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";
const INK = '#0f172a';
const MUTED = '#475569';
const SEA = '#0e7490';
const SEA_DARK = '#155e75';
const AMBER = '#b45309';

function StateBox({ box }: { box: BoxLayout }) {
  const badgeRows = box.badge ? 1 : 0;
  const firstRow = box.y + CHART_TEXT.firstRowBaseline + badgeRows * CHART_LINE + 4;
  return (
    <g
      className="statechart__state"
      data-state-id={box.stateId}
      data-initial={box.initial || undefined}
      data-transient={box.transient || undefined}
      data-final={box.final || undefined}
    >
      <rect
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        rx={10}
        fill={box.compound ? '#f0f9ff' : '#ffffff'}
        stroke={box.transient ? AMBER : SEA}
        strokeWidth={box.initial ? 2.5 : 1.5}
        strokeDasharray={box.transient ? '6 4' : undefined}
      />
      {box.final ? (
        <rect x={box.x + 4} y={box.y + 4} width={box.width - 8} height={box.height - 8} rx={7} fill="none" stroke={SEA} strokeWidth={1} />
      ) : null}
      <text x={box.x + CHART_TEXT.x} y={box.y + CHART_TEXT.nameBaseline} fontSize={CHART_NAME_FONT_SIZE} fontWeight={700} fill={INK}>
        {box.name}
      </text>
      {box.badge ? (
        <text x={box.x + CHART_TEXT.x} y={box.y + CHART_TEXT.firstRowBaseline} fontSize={CHART_FONT_SIZE} fontStyle="italic" fill={box.transient ? AMBER : MUTED}>
          {box.badge}
        </text>
      ) : null}
      {box.rows.length > 0 ? (
        <line
          x1={box.x + 8}
          x2={box.x + box.width - 8}
          y1={firstRow - CHART_LINE + 2}
          y2={firstRow - CHART_LINE + 2}
          stroke="#e2e8f0"
        />
      ) : null}
      {box.rows.map((row, index) => (
        <text
          key={index}
          x={box.x + CHART_TEXT.x}
          y={firstRow + index * CHART_LINE}
          fontSize={CHART_FONT_SIZE}
          fill={row.kind === 'transition' ? INK : MUTED}
          data-transition-id={row.transitionId}
          xmlSpace="preserve"
        >
          {row.text}
        </text>
      ))}
    </g>
  );
}

/**
 * One machine drawn as inline SVG from its layout. The figure is an image for assistive
 * technology (`role="img"` with a summary); the table under it carries the same facts as text.
 */
export function StatechartDiagram({ machineId, layout, summary }: { machineId: string; layout: ChartLayout; summary: string }) {
  const arrow = `statechart-${machineId}-arrow`;
  const { note } = layout;
  return (
    <svg
      className="statechart__svg"
      role="img"
      aria-label={summary}
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      fontFamily={FONT}
      data-machine-id={machineId}
    >
      <defs>
        <marker id={arrow} viewBox="0 0 10 10" refX={9} refY={5} markerWidth={8} markerHeight={8} orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={SEA_DARK} />
        </marker>
      </defs>
      {note ? (
        <g className="statechart__note">
          <text x={note.x} y={note.y + 12} fontSize={CHART_FONT_SIZE} fontWeight={700} fill={MUTED}>
            In every state:
          </text>
          {note.rows.map((row, index) => (
            <text
              key={index}
              x={note.x + 8}
              y={note.y + 12 + (index + 1) * CHART_LINE}
              fontSize={CHART_FONT_SIZE}
              fill={INK}
              data-transition-id={row.transitionId}
              xmlSpace="preserve"
            >
              {row.text}
            </text>
          ))}
        </g>
      ) : null}
      {layout.boxes.map((box) => (
        <StateBox key={box.stateId} box={box} />
      ))}
      {layout.initials.map((initial) => (
        <g key={initial.stateId} className="statechart__initial" data-initial-of={initial.stateId}>
          <circle cx={initial.cx} cy={initial.cy} r={5} fill={SEA_DARK} />
          <path d={`M ${initial.cx + 5} ${initial.cy} L ${initial.toX} ${initial.cy}`} stroke={SEA_DARK} strokeWidth={1.5} markerEnd={`url(#${arrow})`} />
        </g>
      ))}
      {layout.edges.map((edge) => (
        <g
          key={`${edge.transitionId}>${edge.targetId}`}
          className="statechart__edge"
          data-transition-id={edge.transitionId}
          data-source-id={edge.sourceId}
          data-target-id={edge.targetId}
        >
          <path
            d={edge.d}
            fill="none"
            stroke={edge.eventless ? AMBER : SEA_DARK}
            strokeWidth={1.5}
            strokeDasharray={edge.eventless ? '5 4' : undefined}
            markerEnd={`url(#${arrow})`}
          />
          <rect x={edge.label.x} y={edge.label.y} width={edge.label.width} height={edge.label.height} rx={4} fill="#ffffff" fillOpacity={0.9} />
          {edge.label.lines.map((line, index) => (
            <text
              key={index}
              x={edge.label.x + 4}
              y={edge.label.y + 12 + index * CHART_LINE}
              fontSize={CHART_FONT_SIZE}
              fill={INK}
              xmlSpace="preserve"
            >
              {line}
            </text>
          ))}
        </g>
      ))}
    </svg>
  );
}
