import { describe, expect, it } from '@jest/globals';
import { describeSkill } from './skill-description.js';
import { catalogSkill } from './testing/catalog-skills.js';

describe('describeSkill', () => {
  it('describes fields with explicit nulls, steps, classification, tags and status', () => {
    const { definition } = catalogSkill('a.one', {}, { status: 'stable', tags: ['t'], classification: { role: 'utility' } });
    expect(describeSkill(definition)).toEqual({
      id: 'a.one',
      version: '1.0.0',
      name: 'Skill a.one',
      description: 'Does a.one.',
      inputs: { text: { type: 'string', required: true, description: null, default: null } },
      outputs: { text: { type: 'string', required: false, description: null, default: null } },
      steps: [{ id: 'only', uses: 'text.upper', input: { text: 'inputs.text' }, output: { text: 'outputs.text' } }],
      deprecated: false,
      replacement: null,
      classification: { role: 'utility' },
      tags: ['t'],
      status: 'stable',
      examples: [],
    });
  });

  it('gives the examples as copyable inputs and the outputs they give', () => {
    const { definition } = catalogSkill('a.two', {}, {
      examples: [
        { description: 'Upper case', input: { text: 'hi' }, output: { text: 'HI' } },
        { input: { text: 'no outputs stated' } },
      ],
    });
    expect(describeSkill(definition).examples).toEqual([
      { description: 'Upper case', inputs: { text: 'hi' }, outputs: { text: 'HI' } },
      { description: null, inputs: { text: 'no outputs stated' }, outputs: null },
    ]);
  });

  it('is deprecated by status or by naming a successor', () => {
    expect(describeSkill(catalogSkill('a', {}, { status: 'deprecated' }).definition)).toMatchObject({ deprecated: true, replacement: null });
    expect(describeSkill(catalogSkill('a', {}, { deprecated_by: 'b' }).definition)).toMatchObject({
      deprecated: true,
      replacement: 'b',
      status: 'unspecified',
      classification: null,
      tags: [],
    });
  });
});
