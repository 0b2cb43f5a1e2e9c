/**
 * Kahn's algorithm with declaration order as the tie-break, so the order is stable. Nodes in a cycle,
 * and nodes that depend on one, never become ready and are left out.
 */
export function topologicalOrder(nodes: readonly string[], dependencies: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const position = new Map(nodes.map((node, i) => [node, i]));
  const remaining = new Map<string, number>();
  const dependants = new Map<string, string[]>();
  for (const node of nodes) {
    const deps = [...(dependencies.get(node) ?? [])].filter((dep) => position.has(dep));
    remaining.set(node, deps.length);
    for (const dep of deps) {
      const list = dependants.get(dep);
      if (list === undefined) dependants.set(dep, [node]);
      else list.push(node);
    }
  }
  const ready = nodes.filter((node) => remaining.get(node) === 0);
  const order: string[] = [];
  while (ready.length > 0) {
    // Plans are small (tens of steps): a linear scan for the earliest ready node is enough.
    let best = 0;
    for (let i = 1; i < ready.length; i++) {
      if ((position.get(ready[i] ?? '') ?? 0) < (position.get(ready[best] ?? '') ?? 0)) best = i;
    }
    const [node] = ready.splice(best, 1);
    if (node === undefined) break;
    order.push(node);
    for (const dependant of dependants.get(node) ?? []) {
      const left = (remaining.get(dependant) ?? 0) - 1;
      remaining.set(dependant, left);
      if (left === 0) ready.push(dependant);
    }
  }
  return order;
}
