import type { SkillDescription } from '@skill-service/contracts';

/** A described step, with the fields a newer describe may add (depends_on, control flow). */
export type DescribedStep = SkillDescription['steps'][number] & {
  readonly depends_on?: readonly string[];
  readonly condition?: string;
  readonly foreach?: unknown;
  readonly while?: unknown;
  readonly router?: unknown;
  readonly scatter?: unknown;
};

/** How a step runs: a plain call, a nested skill, or one of the control-flow forms. */
export type StepKind = 'call' | 'skill' | 'foreach' | 'while' | 'router' | 'scatter' | 'conditional';

export interface GraphNode {
  readonly id: string;
  readonly uses: string;
  readonly kind: StepKind;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  /** `depends_on`: declared; `data`: the target reads a value the source writes (named in `via`). */
  readonly type: 'depends_on' | 'data';
  readonly via?: string;
}

export interface SkillGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}

const WRITABLE_NAMESPACES = new Set(['vars', 'outputs', 'working', 'output', 'frame', 'extensions']);

function kindOf(step: DescribedStep): StepKind {
  if (step.uses.startsWith('skill:')) return 'skill';
  if (step.foreach !== undefined) return 'foreach';
  if (step.while !== undefined) return 'while';
  if (step.router !== undefined) return 'router';
  if (step.scatter !== undefined) return 'scatter';
  if (step.condition !== undefined) return 'conditional';
  return 'call';
}

/** Every reference string inside a step's input mapping (nested objects and lists included). */
function referencesIn(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) referencesIn(item, out);
  else if (typeof value === 'object' && value !== null) {
    // `{literal: "..."}` is an escaped constant, not a reference.
    if (!('literal' in value)) for (const item of Object.values(value)) referencesIn(item, out);
  }
  return out;
}

/** The written path a reference reads, when it reads one: `vars.a.b` reads `vars.a` (or `vars.a.b`). */
function writtenPathRead(reference: string, written: ReadonlyMap<string, string>): string | undefined {
  const segments = reference.split('.');
  if (segments.length < 2 || !WRITABLE_NAMESPACES.has(segments[0] ?? '')) return undefined;
  for (let length = segments.length; length >= 2; length -= 1) {
    const path = segments.slice(0, length).join('.');
    if (written.has(path)) return path;
  }
  return undefined;
}

/**
 * The step graph of a described skill: one node per step, an edge per `depends_on` entry and a
 * data edge where a step reads (input mapping, condition) a value an earlier step writes.
 */
export function skillGraph(steps: readonly DescribedStep[]): SkillGraph {
  const nodes = steps.map((step) => ({ id: step.id, uses: step.uses, kind: kindOf(step) }));
  const writer = new Map<string, string>();
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const add = (edge: GraphEdge): void => {
    const key = `${edge.from}→${edge.to}`;
    if (edge.from === edge.to || seen.has(key)) return;
    seen.add(key);
    edges.push(edge);
  };
  const ids = new Set(steps.map((step) => step.id));
  for (const step of steps) {
    for (const dependency of step.depends_on ?? []) if (ids.has(dependency)) add({ from: dependency, to: step.id, type: 'depends_on' });
    const reads = referencesIn(step.input, []);
    if (step.condition !== undefined) reads.push(...(step.condition.match(/[A-Za-z_][\w]*(?:\.[\w]+)+/g) ?? []));
    for (const reference of reads) {
      const path = writtenPathRead(reference, writer);
      const from = path === undefined ? undefined : writer.get(path);
      if (from !== undefined && path !== undefined) add({ from, to: step.id, type: 'data', via: path });
    }
    for (const target of Object.values(step.output)) writer.set(target, step.id);
  }
  return { nodes, edges };
}
