import { describe, expect, it } from '@jest/globals';
import { GovernanceQuery } from '@skill-service/contracts';
import { CoverageCheck } from './binding-coverage.js';
import { governanceEntry, governanceListing } from './governance.js';
import { capability, catalogSkill, sourceOf } from './testing/catalog-skills.js';

const EXAMPLE = { description: 'one', input: { text: 'a' }, output: { text: 'A' } };
const WELL_KEPT = { status: 'stable', tags: ['t'], use_cases: ['u'], examples: [EXAMPLE, EXAMPLE] };

const uses = (...capabilities: string[]) => ({
  steps: capabilities.map((id, index) => ({ id: `s${index}`, uses: id, input: { text: 'inputs.text' }, output: {} })),
});

const CAPABILITIES = [
  capability('text.upper'),
  capability('text.publish', { trust_level: 'elevated', requires_confirmation: true, mandatory_pre_gates: [{ capability: 'pii.gate', on_fail: 'degrade' }] }),
  capability('pii.gate', { trust_level: 'sandbox' }),
  capability('text.unbound'),
];

function entryOf(skills: ReturnType<typeof catalogSkill>[], bound: Record<string, 'experimental' | 'standard' | 'strict'>) {
  const source = sourceOf(skills, CAPABILITIES, bound);
  const coverage = new CoverageCheck(source);
  return skills.map((skill) => governanceEntry(skill, source, coverage));
}

describe('governance entries', () => {
  it('derives each lifecycle state by the documented rule', () => {
    const skills = [
      catalogSkill('s.draft', {}, { ...WELL_KEPT, status: 'draft' }),
      catalogSkill('s.unbound', {}, WELL_KEPT, uses('text.unbound')),
      catalogSkill('s.validated', {}, { ...WELL_KEPT, examples: [{ input: {} }] }),
      catalogSkill('s.deprecated', {}, { ...WELL_KEPT, deprecated_by: 's.trusted' }),
      catalogSkill('s.lab', {}, { ...WELL_KEPT, status: 'experimental' }),
      catalogSkill('s.trusted', {}, { ...WELL_KEPT, examples: [EXAMPLE] }),
    ];
    const states = entryOf(skills, { 'text.upper': 'strict' }).map((entry) => [entry.skill_id, entry.lifecycle_state, entry.lifecycle_source]);
    expect(states).toEqual([
      ['s.draft', 'draft', 'derived'],
      ['s.unbound', 'draft', 'derived'],
      ['s.validated', 'validated', 'derived'],
      ['s.deprecated', 'validated', 'derived'],
      ['s.lab', 'lab-verified', 'derived'],
      ['s.trusted', 'trusted', 'derived'],
    ]);
    const [recommended] = entryOf([catalogSkill('s.best', {}, WELL_KEPT)], { 'text.upper': 'strict' });
    expect(recommended?.lifecycle_state).toBe('recommended');
    const [standardOnly] = entryOf([catalogSkill('s.best', {}, WELL_KEPT)], { 'text.upper': 'standard' });
    expect(standardOnly?.lifecycle_state).toBe('trusted');
  });

  it('takes an explicit metadata.lifecycle_state as is; an unknown one is ignored', () => {
    const [declared, unknown] = entryOf(
      [catalogSkill('a', {}, { lifecycle_state: 'recommended' }), catalogSkill('b', {}, { ...WELL_KEPT, lifecycle_state: 'golden' })],
      {},
    );
    expect(declared).toMatchObject({ lifecycle_state: 'recommended', lifecycle_source: 'metadata' });
    expect(unknown).toMatchObject({ lifecycle_state: 'draft', lifecycle_source: 'derived' });
  });

  it('reports binding coverage per profile, safety and quality flags', () => {
    const [entry] = entryOf([catalogSkill('pub', { domain: 'text', channel: 'experimental' }, { deprecated_by: 'other' }, uses('text.upper', 'text.publish'))], {
      'text.upper': 'strict',
      'text.publish': 'standard',
      'pii.gate': 'experimental',
    });
    expect(entry).toEqual({
      skill_id: 'pub',
      name: 'Skill pub',
      channel: 'experimental',
      domain: 'text',
      status: 'unspecified',
      lifecycle_state: 'validated',
      lifecycle_source: 'derived',
      deprecated: true,
      replacement: 'other',
      binding_coverage: {
        experimental: { covered: true, unbound_capabilities: [] },
        standard: { covered: false, unbound_capabilities: ['pii.gate'] },
        strict: { covered: false, unbound_capabilities: ['pii.gate', 'text.publish'] },
      },
      safety: {
        trust_level: 'elevated',
        requires_confirmation: ['text.publish'],
        gates: [{ capability: 'text.publish', gate: 'pii.gate', phase: 'pre', on_fail: 'degrade' }],
      },
      quality_flags: ['no_examples', 'no_use_cases', 'no_tags', 'deprecated', 'status_unspecified'],
    });
  });

  it('follows nested skills and flags unbound steps', () => {
    const inner = catalogSkill('inner', {}, WELL_KEPT, uses('text.unbound'));
    const outer = catalogSkill('outer', {}, WELL_KEPT, { steps: [{ id: 'n', uses: 'skill:inner', input: { text: 'inputs.text' }, output: {} }] });
    const [, entry] = entryOf([inner, outer], { 'text.upper': 'strict' });
    expect(entry?.binding_coverage.experimental).toEqual({ covered: false, unbound_capabilities: ['text.unbound'] });
    expect(entry?.quality_flags).toEqual(['unbound_steps']);
    expect(entry?.safety).toEqual({ trust_level: 'sandbox', requires_confirmation: [], gates: [] });
  });
});

describe('governanceListing', () => {
  const entries = entryOf(
    [
      catalogSkill('a', {}, { lifecycle_state: 'draft' }),
      catalogSkill('b', {}, { lifecycle_state: 'trusted' }),
      catalogSkill('c', {}, { lifecycle_state: 'recommended' }),
      catalogSkill('d', {}, { lifecycle_state: 'lab-verified' }),
    ],
    {},
  );
  const list = (query: Record<string, unknown>) => governanceListing(entries, GovernanceQuery.parse(query));

  it('filters by min_state and limits, summarising every skill', () => {
    const listing = list({ min_state: 'trusted' });
    expect(listing.skills.map((entry) => entry.skill_id)).toEqual(['b', 'c']);
    expect(listing).toMatchObject({
      matching: 2,
      min_state: 'trusted',
      limit: 20,
      summary: { total_skills: 4, by_state: { draft: 1, validated: 0, 'lab-verified': 1, trusted: 1, recommended: 1 } },
    });
    expect(list({ limit: '2' }).skills.map((entry) => entry.skill_id)).toEqual(['a', 'b']);
    expect(list({}).min_state).toBeNull();
  });

  it('refuses an unknown min_state and a limit outside 1..100', () => {
    for (const query of [{ min_state: 'golden' }, { limit: '0' }, { limit: '101' }, { limit: 'x' }]) {
      expect(GovernanceQuery.safeParse(query).success).toBe(false);
    }
  });
});
