import { InvalidRequestError } from '@skill-service/contracts';
import type { JsonSchema } from '../../builtin-capability.js';
import { list, name, number, object, nullable, text } from '../../json-schema.js';

/** A label as callers write it: its name alone, or with a description and keywords. */
export type LabelInput = string | { name: string; description?: string; keywords?: string[] };

export interface Label {
  readonly name: string;
  readonly description: string;
  readonly keywords: readonly string[];
}

export const LABELS_SCHEMA: JsonSchema = list(
  {
    anyOf: [
      name('A label name.'),
      object(
        {
          name: name('The label.'),
          description: text('What texts of this label are about.', { maxLength: 10_000 }),
          keywords: list(name('A word or phrase typical of the label.'), 'Typical words or phrases.', { maxItems: 200 }),
        },
        ['name'],
        { closed: true },
      ),
    ],
  },
  'The labels to choose from (names, or {name, description, keywords}).',
  { minItems: 1, maxItems: 200 },
);

const RANKING_SCHEMA: JsonSchema = list(
  object({ label: name('A label.'), score: number('Its score, 0 to 1.'), method: name('The classifier that scored it.') }, ['label', 'score', 'method']),
  'Every label with its score, best first (ties keep the given order).',
);

export const CLASSIFICATION_OUTPUTS = {
  label: nullable(name('The best label; null when no label matches at all.')),
  confidence: number('The best label’s score, 0 to 1.'),
  ranking: RANKING_SCHEMA,
};

/** Normalises the label list; two labels with one name would make the result ambiguous. */
export function readLabels(labels: readonly LabelInput[]): Label[] {
  const seen = new Set<string>();
  return labels.map((label, index) => {
    const normalized = typeof label === 'string' ? { name: label, description: '', keywords: [] } : { description: '', keywords: [], ...label };
    if (seen.has(normalized.name)) {
      throw new InvalidRequestError(`Invalid input: label "${normalized.name}" is listed twice`, {
        details: [{ path: `inputs.labels[${index}]`, message: 'repeats an earlier label' }],
      });
    }
    seen.add(normalized.name);
    return normalized;
  });
}

/** Sorted best first; equal scores keep the order the labels were given in. */
export function rankLabels(labels: readonly Label[], scores: readonly number[], method: string) {
  const ranking = labels
    .map((label, index) => ({ label: label.name, score: scores[index] ?? 0, method, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ label, score }) => ({ label, score, method }));
  const best = ranking[0];
  return { label: best !== undefined && best.score > 0 ? best.label : null, confidence: best?.score ?? 0, ranking };
}
