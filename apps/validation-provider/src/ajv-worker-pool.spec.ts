import { afterEach, describe, expect, it } from '@jest/globals';
import { AjvWorkerPool } from './ajv-worker-pool.js';
import { ValidationExecutionError } from './schema-validator.js';

const pools: AjvWorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function pool(size: number): AjvWorkerPool {
  const created = new AjvWorkerPool({ size });
  pools.push(created);
  return created;
}

const simple = { data: { a: 1 }, schema: { properties: { a: { type: 'integer' } } } };
const runaway = { data: { s: `${'a'.repeat(40)}!` }, schema: { properties: { s: { pattern: '^(a+)+$' } } } };

describe('AjvWorkerPool', () => {
  it('terminates a validation whose signal aborts and serves the next one with a fresh worker', async () => {
    const validator = pool(1);
    const controller = new AbortController();
    const running = validator.validate(runaway, controller.signal);
    setTimeout(() => controller.abort(new Error('budget spent')), 200);
    await expect(running).rejects.toThrow('budget spent');
    await expect(validator.validate(simple, AbortSignal.timeout(10_000))).resolves.toEqual({ kind: 'result', valid: true, errors: [] });
  });

  it('queues beyond its size, and a queued validation can be abandoned', async () => {
    const validator = pool(1);
    const first = new AbortController();
    const busy = validator.validate(runaway, first.signal);
    const queued = new AbortController();
    const waiting = validator.validate(simple, queued.signal);
    queued.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    const next = validator.validate(simple, AbortSignal.timeout(10_000));
    first.abort(new Error('stop'));
    await expect(busy).rejects.toThrow('stop');
    await expect(next).resolves.toMatchObject({ valid: true });
  });

  it('reports a crash inside the validation as an execution error', async () => {
    await expect(pool(1).validate({ data: {}, schema: { $ref: '#' } }, AbortSignal.timeout(10_000))).rejects.toBeInstanceOf(ValidationExecutionError);
  });

  it('refuses work once closed', async () => {
    const validator = pool(1);
    await validator.close();
    await expect(validator.validate(simple, AbortSignal.timeout(1000))).rejects.toBeInstanceOf(ValidationExecutionError);
  });
});
