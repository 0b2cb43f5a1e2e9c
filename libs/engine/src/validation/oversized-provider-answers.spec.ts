// A provider's answer of untrusted size fails its step with a typed error: never a stack overflow,
// never a 500. (The provider is the engine's invoker port; the HTTP providers' own size caps are
// tested with them.)
import { describe, expect, it } from '@jest/globals';
import type { StreamEvent } from '@skill-service/contracts';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, runFailureOf } from '../testing/test-engine.js';

const skill = defineSkill({ id: 'demo.oversized', steps: [{ id: 'answer', uses: 'text.echo' }] });

function deepObject(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = { next: value };
  return value;
}

describe('oversized provider answers', () => {
  it.each([
    ['a 1,000,000-element array', () => ({ value: Array.from({ length: 1_000_000 }, () => 0) }), 'an output of more than 500000 values'],
    ['a 10,000-deep object', () => ({ value: deepObject(10_000) }), 'nested deeper than 100 levels'],
  ])('%s fails its step with upstream_failure', async (_what, answer, message) => {
    const { engine, invoker } = createTestEngine({ skills: [skill], maxOutputBytes: 64 * 1024 * 1024 });
    invoker.define('text.echo', () => answer());
    const events: StreamEvent[] = [];
    const error = await runFailureOf(engine.runSkill('demo.oversized', {}, { onEvent: (event) => events.push(event) }));
    expect(error).toMatchObject({ code: 'upstream_failure', status: 502, stepId: 'answer', message: expect.stringContaining(message) });
    expect(events.find((event) => event.type === 'step_failed')).toMatchObject({ data: { error: { code: 'upstream_failure' } } });
  });
});
