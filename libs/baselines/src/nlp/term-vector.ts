/** Sparse term weights. */
export type TermVector = Map<string, number>;

/** Term frequencies of a list of terms. */
export function termFrequencies(terms: readonly string[]): TermVector {
  const vector: TermVector = new Map();
  for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + 1);
  return vector;
}

export function dot(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [term, weight] of small) sum += weight * (large.get(term) ?? 0);
  return sum;
}

function norm(vector: TermVector): number {
  let sum = 0;
  for (const weight of vector.values()) sum += weight * weight;
  return Math.sqrt(sum);
}

/** Cosine similarity in [0, 1] for non-negative weights; 0 when either vector is empty. */
export function cosine(a: TermVector, b: TermVector): number {
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot(a, b) / denominator;
}

/** Rounds a score for output, so results read the same on every platform and in every example. */
export function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
