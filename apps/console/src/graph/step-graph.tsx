import { useMemo } from 'preact/hooks';
import type { StepTiming } from '../run/run-state.js';
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from './graph-layout.js';
import type { SkillGraph } from './skill-graph.js';

const KIND_LABEL: Readonly<Record<string, string>> = {
  call: 'call',
  skill: 'nested skill',
  foreach: 'foreach',
  while: 'while',
  router: 'router',
  scatter: 'scatter',
  conditional: 'conditional',
};

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The steps drawn as a graph (SVG laid out by dagre): each node names its step, capability and
 * control-flow kind, and takes its run status's colour; solid edges are `depends_on`, dashed
 * ones data edges.
 */
export function StepGraph({ graph, steps }: { graph: SkillGraph; steps?: Readonly<Record<string, StepTiming>> }) {
  const layout = useMemo(() => layoutGraph(graph), [graph]);
  const types = new Map(graph.edges.map((edge) => [`${edge.from}→${edge.to}`, edge]));
  return (
    <figure class="graph">
      <div class="graph-scroll">
        <svg
          role="img"
          aria-label={`Step graph: ${graph.nodes.length} steps, ${graph.edges.length} edges`}
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          data-testid="step-graph"
        >
          <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead" />
            </marker>
          </defs>
          {layout.edges.map((edge) => {
            const info = types.get(`${edge.from}→${edge.to}`);
            const d = edge.points.map((point, index) => `${index === 0 ? 'M' : 'L'} ${point.x.toFixed(1)} ${point.y.toFixed(1)}`).join(' ');
            return (
              <path key={`${edge.from}→${edge.to}`} d={d} class={`edge edge-${info?.type ?? 'data'}`} marker-end="url(#arrow)" data-from={edge.from} data-to={edge.to}>
                <title>{info?.type === 'depends_on' ? `${edge.to} depends on ${edge.from}` : `${edge.to} reads ${info?.via ?? 'a value'} from ${edge.from}`}</title>
              </path>
            );
          })}
          {graph.nodes.map((node) => {
            const placed = layout.nodes.get(node.id);
            if (placed === undefined) return null;
            const status = steps?.[node.id]?.status ?? 'idle';
            return (
              <g key={node.id} class={`node node-${status}`} transform={`translate(${placed.x} ${placed.y})`} data-step={node.id} data-status={status}>
                <title>{`${node.id}: ${node.uses} (${KIND_LABEL[node.kind] ?? node.kind}) — ${status}`}</title>
                <rect width={NODE_WIDTH} height={NODE_HEIGHT} rx="6" />
                <text x="10" y="20" class="node-id">
                  {clip(node.id, 24)}
                </text>
                <text x="10" y="38" class="node-uses">
                  {clip(`${node.uses} · ${KIND_LABEL[node.kind] ?? node.kind}`, 30)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption class="legend">
        <span class="swatch swatch-pending" /> pending <span class="swatch swatch-running" /> running <span class="swatch swatch-completed" /> completed{' '}
        <span class="swatch swatch-skipped" /> skipped <span class="swatch swatch-degraded" /> degraded <span class="swatch swatch-failed" /> failed{' '}
        <span class="swatch swatch-not-run" /> not run · solid edge: depends_on, dashed: data
      </figcaption>
    </figure>
  );
}
