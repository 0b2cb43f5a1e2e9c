import { describe, expect, it } from '@jest/globals';
import { layoutGraph, NODE_HEIGHT } from './graph-layout.js';
import { skillGraph, type DescribedStep } from './skill-graph.js';

const step = (id: string, input: Record<string, unknown>, output: Record<string, string>, extra: Partial<DescribedStep> = {}): DescribedStep => ({ id, uses: 'text.upper', input, output, ...extra });

describe('skillGraph', () => {
  it('draws data edges from the step that writes a value to the steps that read it', () => {
    const graph = skillGraph([
      step('a', { text: 'inputs.text' }, { text: 'vars.a' }),
      step('b', { text: 'vars.a', nested: { list: ['vars.a.deep'] } }, { text: 'vars.b' }),
      step('c', { text: { literal: 'vars.b' }, other: 'vars.b' }, { text: 'outputs.text' }),
    ]);
    expect(graph.edges).toEqual([
      { from: 'a', to: 'b', type: 'data', via: 'vars.a' },
      { from: 'b', to: 'c', type: 'data', via: 'vars.b' },
    ]);
  });

  it('draws depends_on edges and names control-flow kinds when the description carries them', () => {
    const graph = skillGraph([
      step('a', {}, {}),
      step('b', {}, {}, { depends_on: ['a', 'missing'], foreach: { items: 'inputs.list' } }),
      { id: 'c', uses: 'skill:text.other', input: {}, output: {}, condition: 'vars.x == 1' },
    ]);
    expect(graph.edges).toEqual([{ from: 'a', to: 'b', type: 'depends_on' }]);
    expect(graph.nodes.map((node) => node.kind)).toEqual(['call', 'foreach', 'skill']);
  });

  it('lays out a chain top to bottom, and 200 steps without overlap', () => {
    const chain = layoutGraph(skillGraph([step('a', {}, { t: 'vars.a' }), step('b', { t: 'vars.a' }, { t: 'vars.b' })]));
    expect((chain.nodes.get('b')?.y ?? 0) - (chain.nodes.get('a')?.y ?? 0)).toBeGreaterThanOrEqual(NODE_HEIGHT);
    const steps = Array.from({ length: 200 }, (_, i) => step(`s${i}`, { t: i % 10 === 0 ? 'inputs.t' : `vars.s${i - 1}` }, { t: `vars.s${i}` }));
    const big = layoutGraph(skillGraph(steps));
    const spots = new Set([...big.nodes.values()].map((node) => `${Math.round(node.x)},${Math.round(node.y)}`));
    expect(spots.size).toBe(200);
    expect(big.edges).toHaveLength(180);
  });
});
