import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { decisionVoteTally } from './decision-vote-tally.js';

describe('decision.vote.tally', () => {
  const votes = [
    { label: 'billing', score: 0.8, method: 'cosine' },
    { label: 'technical', score: 0.1, method: 'cosine' },
    { label: 'billing', score: 0.6, method: 'keywords' },
    { label: 'shipping', score: 0.3, method: 'keywords' },
    { label: null, score: 5 },
  ];

  it('sums scores per label and names the winner with its margin (votes without a label are ignored)', async () => {
    expect(await runChecked(decisionVoteTally, { votes })).toEqual({
      winner: 'billing',
      totals: [
        { label: 'billing', total: 1.4, votes: 2 },
        { label: 'shipping', total: 0.3, votes: 1 },
        { label: 'technical', total: 0.1, votes: 1 },
      ],
      margin: 1.1,
    });
  });

  it('counts votes with a positive score by count, ties going to the earliest label', async () => {
    expect(await runChecked(decisionVoteTally, { votes: [{ label: 'a', score: 0 }, { label: 'b' }, { label: 'c', score: 2 }], method: 'count' })).toEqual({
      winner: 'b',
      totals: [
        { label: 'b', total: 1, votes: 1 },
        { label: 'c', total: 1, votes: 1 },
      ],
      margin: 0,
    });
  });

  it('has no winner without votes, or when every score is zero', async () => {
    expect(await runChecked(decisionVoteTally, { votes: [] })).toEqual({ winner: null, totals: [], margin: 0 });
    expect((await runChecked(decisionVoteTally, { votes: [{ label: 'a', score: 0 }] }))['winner']).toBeNull();
  });
});
