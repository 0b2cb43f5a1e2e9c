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
 * Whether a JSON value is within the bounds, walked iteratively as the refusing walk below walks it
 * but without a record per value: every input passes through here on every built-in call, and only
 * a refused one needs the path of its first violation. The totals only grow, so both walks reach
 * the same verdict whatever order they visit values in.
 */
function withinBounds(value: unknown, bounds: InputBounds): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  let nodes = 1;
  let chars = 0;
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop() as number;
    if (typeof current === 'string') {
      chars += current.length;
      if (chars > bounds.maxChars) return false;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= bounds.maxDepth) return false;
    if (Array.isArray(current)) {
      nodes += current.length;
      if (nodes > bounds.maxNodes) return false;
      for (const item of current as unknown[]) {
        values.push(item);
        depths.push(depth + 1);
      }
      continue;
    }
    const keys = Object.keys(current);
    nodes += keys.length;
    if (nodes > bounds.maxNodes) return false;
    for (const key of keys) {
      chars += key.length;
      if (chars > bounds.maxChars) return false;
      values.push((current as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return true;
}

/** The walk that refuses: a record per value, so the first violation can name its path. */
function refuseOutOfBounds(value: unknown, bounds: InputBounds, root: string): void {
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

/**
 * Refuses a JSON value nested too deep, holding too many values or too many characters, naming the
 * place of its first violation. Iterative (no recursion, so 10,000 levels cannot overflow the
 * stack); lists and objects are counted before their members are queued, so a huge one costs one
 * length read.
 */
export function assertInputBounds(value: unknown, bounds: InputBounds = DEFAULT_BOUNDS, root = 'inputs'): void {
  if (!withinBounds(value, bounds)) refuseOutOfBounds(value, bounds, root);
}
