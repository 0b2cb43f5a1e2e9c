interface TrieNode {
  readonly children: Map<string, TrieNode>;
  /** Owners of paths ending exactly here. */
  readonly owners: Set<string>;
}

const newNode = (): TrieNode => ({ children: new Map(), owners: new Set() });

/**
 * Segment-wise path index: finds every owner whose path is a prefix of a query path or has the
 * query as a prefix, in time proportional to the query plus the matches, not to all paths.
 */
export class PathTrie {
  private readonly root = newNode();

  add(segments: readonly string[], owner: string): void {
    let node = this.root;
    for (const segment of segments) {
      let child = node.children.get(segment);
      if (child === undefined) {
        child = newNode();
        node.children.set(segment, child);
      }
      node = child;
    }
    node.owners.add(owner);
  }

  /** Owners of `a.b` for a query `a.b.c` (prefix) and of `a.b.c.d` for a query `a.b.c` (extension). */
  related(segments: readonly string[]): Set<string> {
    const found = new Set<string>();
    let node: TrieNode | undefined = this.root;
    for (const segment of segments) {
      node = node.children.get(segment);
      if (node === undefined) return found;
      for (const owner of node.owners) found.add(owner);
    }
    const stack: TrieNode[] = [...node.children.values()];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      for (const owner of next.owners) found.add(owner);
      for (const child of next.children.values()) stack.push(child);
    }
    return found;
  }
}
