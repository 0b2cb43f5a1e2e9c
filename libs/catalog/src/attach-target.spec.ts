import { describe, expect, it } from '@jest/globals';
import { InvalidRequestError } from '@skill-service/contracts';
import { checkAttachable, resolveAttachTarget, type AttachTargets } from './attach-target.js';
import { catalogSkill } from './testing/catalog-skills.js';

const attachable = catalogSkill('scan', {}, { classification: { invocation: 'both', attach_targets: ['run', 'output', 'task'] } }).definition;
const targets: AttachTargets = { hasRun: (id) => id === 'run-1', hasTrace: (id) => id === 'trace-1' };

describe('checkAttachable', () => {
  it('accepts a skill with invocation attach or both listing the target type', () => {
    expect(() => checkAttachable(attachable, 'run')).not.toThrow();
    const attachOnly = catalogSkill('x', {}, { classification: { invocation: 'attach', attach_targets: ['artifact'] } }).definition;
    expect(() => checkAttachable(attachOnly, 'artifact')).not.toThrow();
  });

  it('refuses a direct skill, naming its invocation', () => {
    const direct = catalogSkill('direct', {}, { classification: { invocation: 'direct' } }).definition;
    expect(() => checkAttachable(direct, 'run')).toThrow(new InvalidRequestError("Skill 'direct' cannot be attached: its invocation is 'direct' (attach or both needed)"));
    expect(() => checkAttachable(catalogSkill('plain').definition, 'run')).toThrow(/invocation is 'direct'/);
  });

  it('refuses a target type the skill does not list, naming the allowed ones', () => {
    expect(() => checkAttachable(attachable, 'transcript')).toThrow(
      new InvalidRequestError("Skill 'scan' cannot be attached to target type 'transcript' (allowed: run, output, task)"),
    );
    const none = catalogSkill('none', {}, { classification: { invocation: 'both' } }).definition;
    expect(() => checkAttachable(none, 'run')).toThrow(/allowed: none/);
  });
});

describe('resolveAttachTarget', () => {
  const context = (type: Parameters<typeof resolveAttachTarget>[0], ref: string) => resolveAttachTarget(type, ref, targets);

  it('resolves a run by run id, then by trace id', () => {
    expect(context('run', 'run-1')).toEqual({ target_type: 'run', target_ref: 'run-1', validation_source: 'run_store', validation_result: 'run_match' });
    expect(context('run', 'trace-1')).toMatchObject({ validation_source: 'execution_history', validation_result: 'trace_match' });
  });

  it('resolves output, transcript and artifact by trace id only', () => {
    for (const type of ['output', 'transcript', 'artifact'] as const) {
      expect(context(type, 'trace-1')).toMatchObject({ target_type: type, validation_source: 'execution_history' });
      expect(() => context(type, 'run-1')).toThrow(`Invalid attach target: ${type} 'run-1' is not the trace id of an earlier execution`);
    }
  });

  it('resolves a task as task:<id> or a known run id', () => {
    expect(context('task', 'task:42')).toMatchObject({ validation_source: 'task_reference', validation_result: 'task_prefix_match' });
    expect(context('task', 'run-1')).toMatchObject({ validation_source: 'run_store', validation_result: 'run_match' });
    expect(() => context('task', 'task:')).toThrow(/Invalid attach target: task 'task:' is neither/);
    expect(() => context('task', '42')).toThrow(InvalidRequestError);
  });

  it('refuses an unknown run; a path is only a string, never looked up', () => {
    expect(() => context('run', 'no-such-run')).toThrow("Invalid attach target: run 'no-such-run' is not a known run id or trace id");
    expect(() => context('artifact', '/etc/passwd')).toThrow(/Invalid attach target/);
  });
});
