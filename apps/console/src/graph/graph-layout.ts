import dagre from '@dagrejs/dagre';
import type { SkillGraph } from './skill-graph.js';

export interface PlacedNode {
  readonly id: string;
  /** Top-left corner. */
  readonly x: number;
  readonly y: number;
}

export interface PlacedEdge {
  readonly from: string;
  readonly to: string;
  readonly points: readonly { x: number; y: number }[];
}

export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: ReadonlyMap<string, PlacedNode>;
  readonly edges: readonly PlacedEdge[];
}

export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 52;

/** Lays the graph out top to bottom with dagre (layered, crossings minimised). */
export function layoutGraph(graph: SkillGraph): GraphLayout {
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 44, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of graph.edges) g.setEdge(edge.from, edge.to);
  dagre.layout(g);
  const nodes = new Map<string, PlacedNode>();
  for (const node of graph.nodes) {
    const placed = g.node(node.id);
    nodes.set(node.id, { id: node.id, x: placed.x - NODE_WIDTH / 2, y: placed.y - NODE_HEIGHT / 2 });
  }
  const edges = graph.edges.map((edge) => ({ from: edge.from, to: edge.to, points: g.edge(edge.from, edge.to)?.points ?? [] }));
  const size = g.graph();
  return { width: Math.ceil(size.width ?? 0), height: Math.ceil(size.height ?? 0), nodes, edges };
}
