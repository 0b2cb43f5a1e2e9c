import { describe, expect, it } from '@jest/globals';
import { DiscoverRequest, type DiscoverResult } from '@skill-service/contracts';
import { ExecutionHistory } from './execution-history.js';
import { SkillDiscovery } from './skill-discovery.js';
import { catalogSkill } from './testing/catalog-skills.js';
import type { CatalogSkill } from './catalog-source.js';

const skill = (id: string, name: string, description: string, metadata: Record<string, unknown> = {}, domain = 'text'): CatalogSkill =>
  catalogSkill(id, { domain }, { status: 'stable', ...metadata }, { name, description });

const SKILLS = [
  skill('text.summary', 'Summarise a text', 'The most central sentences of a text.', { tags: ['summary'], classification: { role: 'utility', effect_mode: 'enrich' } }),
  skill('web.page-digest', 'Page digest', 'Summarise a web page given as HTML.', { tags: ['web', 'summary'], classification: { role: 'procedure' } }, 'web'),
  skill('security.pii-scan', 'PII scan', 'Find personal data in a text.', {
    tags: ['pii', 'privacy'],
    use_cases: ['Check transcripts for phone numbers'],
    classification: { role: 'sidecar', invocation: 'both', attach_targets: ['run'], effect_mode: 'read_only' },
  }, 'security'),
  skill('data.csv-report', 'CSV report', 'Totals per group of a CSV export.', { tags: ['csv'], classification: { role: 'procedure' } }, 'data'),
  skill('text.old-summary', 'Old summariser', 'Summarise a text the old way.', { status: 'deprecated', deprecated_by: 'text.summary' }),
];

function discovery(skills: readonly CatalogSkill[] = SKILLS, history = new ExecutionHistory()): SkillDiscovery {
  return new SkillDiscovery(new Map(skills.map((entry) => [entry.definition.id, entry])), history);
}

const ask = (target: SkillDiscovery, body: Record<string, unknown>): DiscoverResult => target.discover(DiscoverRequest.parse(body));
const ids = (result: DiscoverResult): string[] => result.results.map((candidate) => candidate.id);

describe('SkillDiscovery', () => {
  it('ranks by text match first and explains each score', () => {
    const result = ask(discovery(), { intent: 'summarize a web page' });
    expect(result.intent).toBe('summarize a web page');
    expect(ids(result)[0]).toBe('web.page-digest');
    expect(ids(result)).toEqual(expect.arrayContaining(['text.summary', 'text.old-summary']));
    expect(ids(result)).not.toContain('data.csv-report');
    const [top] = result.results;
    expect(top).toMatchObject({
      id: 'web.page-digest',
      domain: 'web',
      role: 'procedure',
      reason_codes: ['bm25_match', 'term_coverage', 'role_procedure', 'status_stable'],
      score_breakdown: { bm25_match: 1, term_coverage: 0.15, role_procedure: 0.05, status_stable: 0.03 },
      score: 1.23,
      reason: 'bm25=1, terms=3/3, role=procedure, status=stable',
      evidence: { executions: 0, successes: 0, success_rate: null, p95_duration_ms: null, matched_terms: ['pag', 'summar', 'web'] },
    });
    for (const candidate of result.results) {
      const sum = Object.values(candidate.score_breakdown).reduce((total, value) => total + value, 0);
      expect(candidate.score).toBeCloseTo(Math.max(0, sum), 4);
    }
    const scores = result.results.map((candidate) => candidate.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('penalises deprecated skills below their replacement', () => {
    const result = ask(discovery(), { intent: 'summarise a text' });
    expect(ids(result).indexOf('text.summary')).toBeLessThan(ids(result).indexOf('text.old-summary'));
    expect(result.results.find((candidate) => candidate.id === 'text.old-summary')?.score_breakdown['status_deprecated']).toBe(-0.3);
  });

  it('adds the read-only signal for a read intent and the attach penalty for attachable skills', () => {
    const [scan] = ask(discovery(), { intent: 'check transcripts for personal data' }).results;
    expect(scan?.id).toBe('security.pii-scan');
    expect(scan?.score_breakdown).toMatchObject({ read_only_match: 0.05, attach_penalty: -0.03, role_sidecar: 0.01 });
  });

  it('filters by exact domain and role; unknown values or no match give no results', () => {
    const target = discovery();
    expect(ids(ask(target, { intent: 'summarise', domain: 'text' }))).toEqual(['text.summary', 'text.old-summary']);
    expect(ids(ask(target, { intent: 'summarise', role: 'procedure' }))).toEqual(['web.page-digest']);
    expect(ids(ask(target, { intent: 'summarise', domain: '', role: '' })).length).toBe(3);
    expect(ask(target, { intent: 'summarise', domain: 'no-such-domain' }).results).toEqual([]);
    expect(ask(target, { intent: 'summarise', role: 'wizard' }).results).toEqual([]);
    expect(ask(target, { intent: 'quantum teleportation' }).results).toEqual([]);
    expect(ask(target, { intent: 'the of and' }).results).toEqual([]);
  });

  it('handles unicode intents: accents fold, other scripts match as words', () => {
    const target = discovery([...SKILLS, skill('text.tokyo', '東京 ガイド', 'Résumé of a city guide.')]);
    expect(ids(ask(target, { intent: 'résumé' }))).toEqual(['text.tokyo']);
    expect(ids(ask(target, { intent: '東京' }))).toEqual(['text.tokyo']);
    expect(ask(target, { intent: '🙂 ∑' }).results).toEqual([]);
  });

  it('truncates to limit without changing the order of the top candidates', () => {
    const many = Array.from({ length: 40 }, (_unused, index) =>
      skill(`gen.s${String(index).padStart(2, '0')}`, `Report ${index % 7 === 0 ? 'sales' : 'stock'}`, `Report on ${'sales '.repeat(index % 5)}figures.`, {
        classification: { role: index % 2 === 0 ? 'procedure' : 'utility' },
      }),
    );
    const target = discovery(many);
    const all = ids(ask(target, { intent: 'sales report', limit: 100 }));
    expect(all).toHaveLength(40);
    for (const limit of [1, 3, 10]) expect(ids(ask(target, { intent: 'sales report', limit }))).toEqual(all.slice(0, limit));
  });

  it("ranks by this process's history: usage and success rate", () => {
    const twins = [
      skill('a.twin', 'Translate text', 'Translate a text.', { classification: { role: 'utility' } }),
      skill('b.twin', 'Translate text', 'Translate a text.', { classification: { role: 'utility' } }),
    ];
    const history = new ExecutionHistory();
    const target = discovery(twins, history);
    expect(ids(ask(target, { intent: 'translate' }))).toEqual(['a.twin', 'b.twin']);
    for (let index = 0; index < 10; index += 1) history.record({ skillId: 'b.twin', traceId: `b${index}`, ok: true, durationMs: 5 });
    for (let index = 0; index < 10; index += 1) history.record({ skillId: 'a.twin', traceId: `a${index}`, ok: index < 2, durationMs: 5 });
    const result = ask(target, { intent: 'translate' });
    expect(ids(result)).toEqual(['b.twin', 'a.twin']);
    expect(result.results[0]).toMatchObject({
      score_breakdown: { usage: 0.0025, success_rate_high: 0.04 },
      evidence: { executions: 10, successes: 10, success_rate: 1, p95_duration_ms: 5 },
    });
    expect(result.results[1]?.score_breakdown).toMatchObject({ success_rate_low: -0.04 });
    expect(result.results[1]?.reason).toContain('success_rate=0.20');
  });
});
