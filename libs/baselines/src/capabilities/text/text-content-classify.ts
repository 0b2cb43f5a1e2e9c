import { defineCapability } from '../../define-capability.js';
import { object, text } from '../../json-schema.js';
import { contentTerms } from '../../nlp/content-terms.js';
import { stopwordsForText } from '../../nlp/text-stopwords.js';
import { cosine, round, termFrequencies, type TermVector } from '../../nlp/term-vector.js';
import { CLASSIFICATION_OUTPUTS, LABELS_SCHEMA, rankLabels, readLabels, type LabelInput } from './label-list.js';

interface Input {
  text: string;
  labels: LabelInput[];
}

function weighted(frequencies: TermVector, weight: (term: string) => number): TermVector {
  const vector: TermVector = new Map();
  for (const [term, frequency] of frequencies) vector.set(term, (1 + Math.log(frequency)) * weight(term));
  return vector;
}

export const textContentClassify = defineCapability<Input>({
  id: 'text.content.classify',
  description:
    'Zero-shot classification against the labels given: cosine similarity between the text and each label’s profile (name, description, keywords), with terms weighted by how few labels share them.',
  inputSchema: object({ text: text('The text to classify.'), labels: LABELS_SCHEMA }, ['text', 'labels']),
  outputSchema: object(CLASSIFICATION_OUTPUTS, ['label', 'confidence', 'ranking']),
  async compute(input) {
    const labels = readLabels(input.labels);
    // The text's language decides the stopwords of both sides, so their vocabularies stay comparable.
    const stopwords = await stopwordsForText(input.text);
    const profiles = labels.map((label) => termFrequencies(contentTerms([label.name, label.description, ...label.keywords].join(' \n '), stopwords)));
    const labelFrequency = new Map<string, number>();
    for (const profile of profiles) for (const term of profile.keys()) labelFrequency.set(term, (labelFrequency.get(term) ?? 0) + 1);
    // A term in every label tells them apart least; terms of no label only lengthen the text vector.
    const idf = (term: string): number => {
      const frequency = labelFrequency.get(term);
      return frequency === undefined ? 1 : Math.log(1 + labels.length / frequency);
    };
    const document = weighted(termFrequencies(contentTerms(input.text, stopwords)), idf);
    const scores = profiles.map((profile) => round(cosine(document, weighted(profile, idf))));
    return rankLabels(labels, scores, 'cosine');
  },
});
