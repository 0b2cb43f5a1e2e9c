import { describe, expect, it } from '@jest/globals';
import { SkillListQuery } from '@skill-service/contracts';
import { listSkills } from './skill-list.js';
import { catalogSkill } from './testing/catalog-skills.js';

const skills = [
  catalogSkill('b.two', { domain: 'text' }, { status: 'stable', classification: { role: 'procedure', invocation: 'direct' } }),
  catalogSkill('a.one', { domain: 'math' }, { classification: { role: 'utility', invocation: 'both', effect_mode: 'read_only' }, tags: ['x'] }),
  catalogSkill('c.three', { domain: 'text', channel: 'experimental' }, { status: 'experimental' }),
  // Code point order: upper case sorts before lower case, the same in every locale.
  catalogSkill('B.upper', { domain: 'text' }),
];

const query = (raw: Record<string, unknown> = {}): SkillListQuery => SkillListQuery.parse(raw);
const ids = (raw: Record<string, unknown> = {}): string[] => listSkills(skills, query(raw)).skills.map((skill) => skill.id);

describe('listSkills', () => {
  it('sorts by id in code point order and summarises each skill', () => {
    const list = listSkills(skills, query());
    expect(list.skills.map((skill) => skill.id)).toEqual(['B.upper', 'a.one', 'b.two', 'c.three']);
    expect(list.skills[1]).toEqual({
      id: 'a.one',
      name: 'Skill a.one',
      description: 'Does a.one.',
      version: '1.0.0',
      domain: 'math',
      channel: 'official',
      status: 'unspecified',
      role: 'utility',
      invocation: 'both',
      effect_mode: 'read_only',
      tags: ['x'],
    });
    expect(list.pagination).toEqual({ offset: 0, limit: 20, total: 4, has_more: false });
  });

  it('applies every filter by exact match', () => {
    expect(ids({ domain: 'text' })).toEqual(['B.upper', 'b.two', 'c.three']);
    expect(ids({ status: 'unspecified' })).toEqual(['B.upper', 'a.one']);
    expect(ids({ role: 'procedure' })).toEqual(['b.two']);
    expect(ids({ invocation: 'both' })).toEqual(['a.one']);
    expect(ids({ domain: 'text', status: 'experimental' })).toEqual(['c.three']);
    expect(ids({ domain: 'Text' })).toEqual([]);
  });

  it('pages, with next_offset only while there is more', () => {
    expect(listSkills(skills, query({ offset: '1', limit: '2' })).pagination).toEqual({ offset: 1, limit: 2, total: 4, has_more: true, next_offset: 3 });
    expect(listSkills(skills, query({ offset: 2, limit: 2 })).pagination).toEqual({ offset: 2, limit: 2, total: 4, has_more: false });
    expect(listSkills(skills, query({ offset: 10 })).skills).toEqual([]);
  });
});

describe('SkillListQuery', () => {
  it.each([{ limit: '0' }, { limit: '101' }, { limit: '2.5' }, { limit: 'ten' }, { offset: '-1' }, { limit: true }, { domain: '' }])(
    'refuses %j',
    (raw) => {
      expect(SkillListQuery.safeParse(raw).success).toBe(false);
    },
  );

  it('takes numbers (tool bridge) and digit strings (URL query) alike', () => {
    expect(query({ limit: 5, offset: '7' })).toMatchObject({ limit: 5, offset: 7 });
  });
});
