import { InvalidRequestError } from '@skill-service/contracts';
import { defineCapability } from '../../define-capability.js';
import { integer, list, name, nullable, number, object, record, text } from '../../json-schema.js';
import { readPath, setOwn } from '../../records/field-path.js';
import { round } from '../../nlp/term-vector.js';

interface Criterion {
  field: string;
  weight?: number;
  goal?: 'max' | 'min';
}

interface Input {
  options: Record<string, unknown>[];
  criteria: Criterion[];
  id_field?: string;
}

interface Scored {
  id: string;
  score: number;
  breakdown: Record<string, number>;
  missing: string[];
  index: number;
}

export const decisionOptionRank = defineCapability<Input>({
  id: 'decision.option.rank',
  description:
    'Multi-criteria ranking (weighted sum model): each criterion is min-max normalised across the options (inverted for goal min), weighted, and summed into a score from 0 to 1. Ties go to the better value on the heaviest criterion, then to the earlier option. A missing value scores 0 on its criterion.',
  inputSchema: object(
    {
      options: list(record('An option: an id field and numeric fields.'), 'The options to rank.', { minItems: 1, maxItems: 10_000 }),
      criteria: list(
        object(
          { field: name('Numeric field path.'), weight: number('Relative importance.', { minimum: 0, default: 1 }), goal: text('Whether more or less is better.', { enum: ['max', 'min'], default: 'max' }) },
          ['field'],
          { closed: true },
        ),
        'The criteria.',
        { minItems: 1, maxItems: 100 },
      ),
      id_field: name('Field naming each option.', { default: 'id' }),
    },
    ['options', 'criteria'],
  ),
  outputSchema: object(
    {
      ranking: list(
        object(
          {
            id: name('The option.'),
            score: number('Weighted, normalised score, 0 to 1.'),
            rank: integer('Position, from 1.'),
            breakdown: record('Per criterion, its weighted contribution to the score.'),
            missing: list(name('Field path.'), 'Criteria the option has no number for.'),
          },
          ['id', 'score', 'rank', 'breakdown', 'missing'],
        ),
        'Options, best first.',
      ),
      best: nullable(name('The best option.')),
    },
    ['ranking', 'best'],
  ),
  compute(input) {
    const idField = input.id_field ?? 'id';
    const ids = input.options.map((option, index) => {
      const id = readPath(option, idField).value;
      if (typeof id !== 'string' && typeof id !== 'number') {
        throw new InvalidRequestError(`Invalid input: inputs.options[${index}].${idField} must be a string or number`, {
          details: [{ path: `inputs.options[${index}].${idField}`, message: 'must be a string or number' }],
        });
      }
      return String(id);
    });
    const totalWeight = input.criteria.reduce((sum, criterion) => sum + (criterion.weight ?? 1), 0);
    if (totalWeight === 0) {
      throw new InvalidRequestError('Invalid input: inputs.criteria must have a positive weight in total', {
        details: [{ path: 'inputs.criteria', message: 'weights must not all be 0' }],
      });
    }
    const values = input.criteria.map((criterion) => input.options.map((option) => {
      const value = readPath(option, criterion.field).value;
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    }));
    // Normalised value of each option on each criterion: 1 is the best present value, 0 the worst.
    const normalised = input.criteria.map((criterion, position) => {
      const column = values[position] as (number | undefined)[];
      const present = column.filter((value): value is number => value !== undefined);
      // A loop, not Math.min(...present): the spread's argument count would follow the input.
      let [low, high] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
      for (const value of present) [low, high] = [Math.min(low, value), Math.max(high, value)];
      return column.map((value) => {
        if (value === undefined) return 0;
        if (high === low) return 1;
        const share = (value - low) / (high - low);
        return criterion.goal === 'min' ? 1 - share : share;
      });
    });
    const scored: Scored[] = input.options.map((_, index) => {
      const breakdown: Record<string, number> = {};
      const missing: string[] = [];
      let score = 0;
      input.criteria.forEach((criterion, position) => {
        const contribution = ((criterion.weight ?? 1) / totalWeight) * (normalised[position]?.[index] ?? 0);
        score += contribution;
        setOwn(breakdown, criterion.field, round(contribution));
        if (values[position]?.[index] === undefined) missing.push(criterion.field);
      });
      return { id: ids[index] as string, score: round(score), breakdown, missing, index };
    });
    // Heaviest criterion first for tie-breaks (equal weights: the order given).
    const tieBreakers = input.criteria.map((criterion, position) => ({ weight: criterion.weight ?? 1, position })).sort((a, b) => b.weight - a.weight || a.position - b.position);
    scored.sort((a, b) => {
      if (b.score !== a.score) return b.score - a.score;
      for (const { position } of tieBreakers) {
        const difference = (normalised[position]?.[b.index] ?? 0) - (normalised[position]?.[a.index] ?? 0);
        if (difference !== 0) return difference;
      }
      return a.index - b.index;
    });
    const ranking = scored.map((entry, position) => ({ id: entry.id, score: entry.score, rank: position + 1, breakdown: entry.breakdown, missing: entry.missing }));
    return { ranking, best: ranking[0]?.id ?? null };
  },
});
