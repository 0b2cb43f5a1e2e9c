import leven from 'leven';

/**
 * The known name a misspelt one most likely meant ("did you mean"), or undefined when none is
 * close: same letters in another case, or few edits (one for names of up to three characters; else
 * one per three characters, at least two, so a swapped pair of letters is caught).
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const limit = name.length <= 3 ? 1 : Math.max(2, Math.floor(name.length / 3));
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
