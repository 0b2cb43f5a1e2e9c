import { defineCapability } from '../../define-capability.js';
import { integer, list, name, nullable, number, object, text } from '../../json-schema.js';
import { round } from '../../nlp/term-vector.js';

interface Vote {
  label: string | null;
  score?: number;
}

interface Input {
  votes: Vote[];
  method?: 'sum' | 'count';
}

export const decisionVoteTally = defineCapability<Input>({
  id: 'decision.vote.tally',
  description:
    'Merges votes from several sources (e.g. the rankings of different classifiers): totals per label by summed score or by count; the winner has the highest total, then the most votes, then the earliest first vote. Votes without a label are ignored.',
  inputSchema: object(
    {
      votes: list(
        { type: 'object', properties: { label: nullable(name('The label voted for.')), score: number('The vote’s weight.', { minimum: 0, default: 1 }) }, required: ['label'] },
        'The votes ({label, score}; other fields are ignored).',
      ),
      method: text('sum: add the scores; count: one per vote with a positive score.', { enum: ['sum', 'count'], default: 'sum' }),
    },
    ['votes'],
  ),
  outputSchema: object(
    {
      winner: nullable(name('The label with the highest total; null when no vote counts.')),
      totals: list(object({ label: name('A label.'), total: number('Its total.'), votes: integer('Votes counted for it.') }, ['label', 'total', 'votes']), 'Labels, highest total first.'),
      margin: number('Winner’s total minus the runner-up’s.'),
    },
    ['winner', 'totals', 'margin'],
  ),
  compute(input) {
    const count = input.method === 'count';
    const totals = new Map<string, { label: string; total: number; votes: number; first: number }>();
    input.votes.forEach((vote, index) => {
      const score = vote.score ?? 1;
      if (vote.label === null || (count && score <= 0)) return;
      const entry = totals.get(vote.label) ?? { label: vote.label, total: 0, votes: 0, first: index };
      entry.total += count ? 1 : score;
      entry.votes += 1;
      totals.set(vote.label, entry);
    });
    const ranked = [...totals.values()]
      .map((entry) => ({ ...entry, total: round(entry.total) }))
      .sort((a, b) => b.total - a.total || b.votes - a.votes || a.first - b.first);
    const [first, second] = ranked;
    const winner = first !== undefined && first.total > 0 ? first.label : null;
    return {
      winner,
      totals: ranked.map(({ label, total, votes }) => ({ label, total, votes })),
      margin: first === undefined ? 0 : round(first.total - (second?.total ?? 0)),
    };
  },
});
