import { contentTerms } from './content-terms.js';
import type { Sentence } from './split-sentences.js';
import { termFrequencies, type TermVector } from './term-vector.js';

/**
 * Centroid-based sentence salience (Radev et al., "Centroid-based summarization"): each sentence
 * becomes a TF-IDF vector (sentences as documents, log-scaled term frequency), and its score is
 * the cosine between it and the centroid of all the *other* sentences — how much of what the
 * rest of the text talks about it covers. Linear in the text's length, unlike pairwise TextRank,
 * so a 1 MB document is summarised in well under a second. A single sentence scores 1.
 */
export function sentenceCentrality(sentences: readonly Sentence[], stopwords: ReadonlySet<string>): number[] {
  if (sentences.length === 1) return [1];
  const frequencies = sentences.map((sentence) => termFrequencies(contentTerms(sentence.text, stopwords)));
  const documentFrequency = new Map<string, number>();
  for (const tf of frequencies) for (const term of tf.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const count = sentences.length;
  const vectors: TermVector[] = frequencies.map((tf) => {
    const vector: TermVector = new Map();
    for (const [term, frequency] of tf) vector.set(term, (1 + Math.log(frequency)) * Math.log(1 + count / (documentFrequency.get(term) ?? 1)));
    return vector;
  });
  const centroid: TermVector = new Map();
  for (const vector of vectors) for (const [term, weight] of vector) centroid.set(term, (centroid.get(term) ?? 0) + weight);
  let centroidNormSquared = 0;
  for (const weight of centroid.values()) centroidNormSquared += weight * weight;

  return vectors.map((vector) => {
    // cos(v, c − v) from v·c, |v|² and |c|², without building c − v.
    let dotWithCentroid = 0;
    let normSquared = 0;
    for (const [term, weight] of vector) {
      dotWithCentroid += weight * (centroid.get(term) ?? 0);
      normSquared += weight * weight;
    }
    const dotWithOthers = dotWithCentroid - normSquared;
    const othersNormSquared = centroidNormSquared - 2 * dotWithCentroid + normSquared;
    const denominator = Math.sqrt(normSquared) * Math.sqrt(Math.max(othersNormSquared, 0));
    // Rounded so that sentences with equal content tie exactly (and the earlier one wins).
    return denominator === 0 ? 0 : Math.round(Math.max(0, dotWithOthers / denominator) * 1e10) / 1e10;
  });
}

/** Sentence indices from most to least central; ties go to the earlier sentence. */
export function byCentrality(scores: readonly number[]): number[] {
  return scores.map((_, index) => index).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
}
