/**
 * Tarjan's strongly connected components over `nodes` (iterative, so deep plans cannot overflow
 * the stack). Returns the components that are cycles: two or more members, or one with a self-edge.
 */
export function findCycles(nodes: readonly string[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;

  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; successors: Iterator<string> }[] = [];
    const visit = (node: string): void => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, successors: (edges.get(node) ?? new Set<string>()).values() });
    };
    visit(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame === undefined) break;
      const next = frame.successors.next();
      if (next.done !== true) {
        const successor = next.value;
        if (!index.has(successor)) visit(successor);
        else if (onStack.has(successor)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(successor) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === frame.node) break;
      }
      const selfEdge = edges.get(frame.node)?.has(frame.node) === true;
      if (component.length > 1 || selfEdge) cycles.push(component);
    }
  }
  return cycles;
}
