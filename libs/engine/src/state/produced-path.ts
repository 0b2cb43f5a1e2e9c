import { getOwn } from './set-own.js';

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/**
 * Reads the left side of an output mapping (`items.0.id`) from a produced object. At every object
 * level the longest run of segments that is one own key wins, so keys that contain dots — scatter
 * `collect` keys are capability ids such as `text.upper` — stay addressable: `text.upper.text`.
 * Returns undefined when nothing is there.
 */
export function readProducedPath(node: unknown, segments: readonly string[], from = 0): unknown {
  if (from === segments.length) return node;
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    const segment = segments[from] ?? '';
    return ARRAY_INDEX.test(segment) ? readProducedPath(getOwn(node, segment), segments, from + 1) : undefined;
  }
  for (let end = segments.length; end > from; end--) {
    const key = end === from + 1 ? (segments[from] ?? '') : segments.slice(from, end).join('.');
    const child = getOwn(node, key);
    if (child === undefined) continue;
    const value = readProducedPath(child, segments, end);
    if (value !== undefined) return value;
  }
  return undefined;
}
