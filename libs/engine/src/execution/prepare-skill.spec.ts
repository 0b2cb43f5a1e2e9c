import { describe, expect, it } from '@jest/globals';
import { InvalidConfigurationError, NotFoundError } from '@skill-service/contracts';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';

describe('skills that cannot run', () => {
  it('rejects an unknown skill with 404', async () => {
    const { engine } = createTestEngine();
    const error = await failureOf(engine.runSkill('no.such.skill', {}));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("Skill 'no.such.skill' not found");
  });

  it('rejects a skill the registry rejected with 409 listing every problem', async () => {
    const { engine, definitions } = createTestEngine();
    const problems = [
      { path: 'steps[0].uses', code: 'unknown_capability', message: 'capability x.y does not exist' },
      { path: 'inputs.a.type', code: 'invalid_type', message: 'type must be a string' },
    ];
    definitions.rejectSkill('broken.skill', problems);
    const error = await failureOf(engine.runSkill('broken.skill', {}));
    expect(error).toBeInstanceOf(InvalidConfigurationError);
    expect(error).toMatchObject({ status: 409, details: problems });
    expect(error.message).toBe(
      "Skill 'broken.skill' is invalid: steps[0].uses: capability x.y does not exist; inputs.a.type: type must be a string",
    );
  });

  it('never starts a skill with an invalid plan: 409 listing every problem, no events, no calls', async () => {
    const skill = defineSkill({
      id: 'bad.plan',
      steps: [
        { id: 'a', uses: 'text.echo', input: { value: 'vars.b_out' }, output: { value: 'vars.a_out' } },
        { id: 'b', uses: 'text.echo', input: { value: 'vars.a_out' }, output: { value: 'vars.b_out' } },
        { id: 'c', uses: 'text.echo', input: { value: 'vars.never_written' }, depends_on: ['ghost'] },
        { id: 'd', uses: 'text.echo', output: { value: 'inputs.read_only' } },
        { id: 'e', uses: 'text.echo', condition: 'vars.a_out >' },
        { id: 'f', uses: 'text.echo', foreach: { items: 'inputs.x' }, while: { condition: 'true' } },
        { id: 'g', uses: 'skill:other', retry: { max_attempts: 2 }, timeout_seconds: 5 },
        { id: 'h', uses: 'skill:' },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    const events: unknown[] = [];
    const error = await failureOf(engine.runSkill('bad.plan', {}, { onEvent: (event) => events.push(event) }));
    expect(error).toBeInstanceOf(InvalidConfigurationError);
    expect(error['status']).toBe(409);
    const details = error['details'] as { path: string; code: string; message: string }[];
    expect(details.map((problem) => [problem.code, problem.path])).toEqual(
      expect.arrayContaining([
        ['unknown_dependency', 'steps[2].depends_on.0'],
        ['unwritten_var', 'steps[2].input.value'],
        ['invalid_target', 'steps[3].output.value'],
        ['invalid_expression', 'steps[4].condition'],
        ['dependency_cycle', 'steps[0]'],
        ['conflicting_control_flow', 'steps[5].while'],
        ['unsupported_control_flow', 'steps[6].timeout_seconds'],
        ['invalid_uses', 'steps[7].uses'],
      ]),
    );
    expect(details).toHaveLength(8);
    expect(details.every((problem) => problem.message.startsWith('step '))).toBe(true);
    expect(events).toEqual([]);
    expect(invoker.calls).toEqual([]);
  });
});
