import { InvalidRequestError } from '@skill-service/contracts';
import { LIMITS } from '../limits.js';

export interface InputBounds {
  readonly maxChars: number;
  readonly maxDepth: number;
  readonly maxNodes: number;
}

const DEFAULT_BOUNDS: InputBounds = { maxChars: LIMITS.inputChars, maxDepth: LIMITS.inputDepth, maxNodes: LIMITS.inputNodes };

/** A node waiting to be visited; its path is only spelled out when it is refused. */
interface Pending {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Pending | undefined;
  readonly key: string | number;
}

function pathOf(node: Pending): string {
  const segments: string[] = [];
  for (let at: Pending | undefined = node; at !== undefined; at = at.parent) {
    segments.push(typeof at.key === 'number' ? `[${at.key}]` : at.parent === undefined ? at.key : `.${at.key}`);
  }
  const path = segments.reverse().join('');
  // Deep or long-keyed paths are shortened: the message names the place, not the whole route.
  return path.length <= 200 ? path : `${path.slice(0, 100)}…${path.slice(-99)}`;
}

function refuse(node: Pending, message: string): never {
  const path = pathOf(node);
  throw new InvalidRequestError(`Invalid input: ${path} ${message}`, { details: [{ path, message }] });
}

/**
 * Walks a JSON value iteratively (no recursion, so 10,000 levels cannot overflow the stack) and
 * refuses it as soon as it is nested too deep, has too many values or too many characters. Lists
 * and objects are counted before their members are queued, so a huge one costs one length read.
 */
export function assertInputBounds(value: unknown, bounds: InputBounds = DEFAULT_BOUNDS, root = 'inputs'): void {
  const stack: Pending[] = [{ value, depth: 0, parent: undefined, key: root }];
  let nodes = 1;
  let chars = 0;
  while (stack.length > 0) {
    const node = stack.pop() as Pending;
    const current = node.value;
    if (typeof current === 'string') {
      chars += current.length;
      if (chars > bounds.maxChars) refuse(node, `makes the input longer than ${bounds.maxChars} characters`);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (node.depth >= bounds.maxDepth) refuse(node, `is nested deeper than ${bounds.maxDepth} levels`);
    const keys = Array.isArray(current) ? undefined : Object.keys(current);
    nodes += keys === undefined ? (current as unknown[]).length : keys.length;
    if (nodes > bounds.maxNodes) refuse(node, `makes the input hold more than ${bounds.maxNodes} values`);
    if (keys === undefined) {
      const list = current as unknown[];
      for (let index = list.length - 1; index >= 0; index--) stack.push({ value: list[index], depth: node.depth + 1, parent: node, key: index });
      continue;
    }
    for (const key of keys) {
      chars += key.length;
      if (chars > bounds.maxChars) refuse(node, `makes the input longer than ${bounds.maxChars} characters`);
      stack.push({ value: (current as Record<string, unknown>)[key], depth: node.depth + 1, parent: node, key });
    }
  }
}
