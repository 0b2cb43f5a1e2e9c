import leven from 'leven';

/**
 * The known name a misspelt one most likely meant ("did you mean"), or undefined when none is
 * close: same letters in another case, or at most one edit per three characters (at least one).
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    if (candidate === name) return undefined;
    const distance = candidate.toLowerCase() === name.toLowerCase() ? 0 : leven(name, candidate);
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** `; did you mean "x"?` when `suggestion` is set, else nothing: the tail of a one-line message. */
export const didYouMean = (suggestion: string | undefined): string => (suggestion === undefined ? '' : `; did you mean "${suggestion}"?`);
