import { defineCapability } from '../../define-capability.js';
import { object, record, text } from '../../json-schema.js';
import { foldTerm, lightStem } from '../../nlp/fold-term.js';
import { round } from '../../nlp/term-vector.js';
import { wordTokens } from '../../nlp/word-tokens.js';
import { CLASSIFICATION_OUTPUTS, LABELS_SCHEMA, rankLabels, readLabels, type LabelInput } from './label-list.js';

interface Input {
  text: string;
  labels: LabelInput[];
}

/** Words compared the way keywords are: folded, lightly stemmed, stopwords kept ("out of stock"). */
function matchWords(source: string): string[] {
  return wordTokens(source).map((token) => lightStem(foldTerm(token.text)));
}

export const textContentCategorize = defineCapability<Input>({
  id: 'text.content.categorize',
  description:
    'Rule-based classification: counts whole-word occurrences of each label’s keywords (its name when it has none) in the text; scores are each label’s share of all matches.',
  inputSchema: object({ text: text('The text to categorise.'), labels: LABELS_SCHEMA }, ['text', 'labels']),
  outputSchema: object(
    { ...CLASSIFICATION_OUTPUTS, matches: record('Per label, the keywords found (labels without matches are left out).') },
    ['label', 'confidence', 'ranking', 'matches'],
  ),
  compute(input) {
    const labels = readLabels(input.labels);
    const words = matchWords(input.text);
    // Keyword phrases indexed by their first word: one pass over the text checks only candidates.
    const byFirstWord = new Map<string, { label: number; phrase: string[]; keyword: string }[]>();
    labels.forEach((label, index) => {
      for (const keyword of label.keywords.length > 0 ? label.keywords : [label.name]) {
        const phrase = matchWords(keyword);
        const first = phrase[0];
        if (first === undefined) continue;
        const entries = byFirstWord.get(first) ?? [];
        entries.push({ label: index, phrase, keyword });
        byFirstWord.set(first, entries);
      }
    });
    const counts = labels.map(() => 0);
    const found = labels.map(() => new Set<string>());
    words.forEach((word, position) => {
      for (const candidate of byFirstWord.get(word) ?? []) {
        if (candidate.phrase.every((part, offset) => words[position + offset] === part)) {
          counts[candidate.label] = (counts[candidate.label] ?? 0) + 1;
          found[candidate.label]?.add(candidate.keyword);
        }
      }
    });
    const total = counts.reduce((sum, count) => sum + count, 0);
    const matches: Record<string, string[]> = {};
    labels.forEach((label, index) => {
      const keywords = [...(found[index] ?? [])];
      if (keywords.length > 0) Object.defineProperty(matches, label.name, { value: keywords, enumerable: true, writable: true, configurable: true });
    });
    const scores = counts.map((count) => (total === 0 ? 0 : round(count / total)));
    return { ...rankLabels(labels, scores, 'keywords'), matches };
  },
});
