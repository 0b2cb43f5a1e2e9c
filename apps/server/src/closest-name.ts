/**
 * Edit distance with adjacent transpositions (optimal string alignment): `domian` is one edit from
 * `domain`, where plain Levenshtein counts two.
 */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_unused, i) => Array.from({ length: b.length + 1 }, (_unused2, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The known name a mistyped one most likely meant, for a "did you mean" (case-insensitive; at
 * most two edits, and fewer than half the name's length, so short names are not "corrected" into
 * unrelated ones); undefined when none is that close.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance <= 2 && distance * 2 < Math.max(wanted.length, candidate.length) && (best === undefined || distance < best.distance)) {
      best = { name: candidate, distance };
    }
  }
  return best?.name;
}
