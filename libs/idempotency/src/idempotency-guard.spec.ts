import { describe, expect, it } from '@jest/globals';
import { IdempotencyGuard, type IdempotencyDecision } from './idempotency-guard.js';
import { MemoryIdempotencyStore } from './memory-idempotency-store.js';

const request = (key: string, body: unknown = { inputs: { a: 1 } }, subject = 'ci') => ({ key, subject, operation: 'POST /v1/skills/demo.x/execute', body });

function proceed(decision: IdempotencyDecision): Extract<IdempotencyDecision, { kind: 'proceed' }> {
  if (decision.kind !== 'proceed') throw new Error(`expected proceed, got ${decision.kind}`);
  return decision;
}

describe('IdempotencyGuard', () => {
  it('runs the first request, then answers its response again to the same key and body', async () => {
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore());
    const first = proceed(await guard.begin(request('k1')));
    await first.finish({ status: 200, body: { ok: 1 } });
    expect(await guard.begin(request('k1', { inputs: { a: 1 } }))).toEqual({ kind: 'replay', response: { status: 200, body: { ok: 1 } } });
  });

  it('compares bodies as JSON: key order does not make another request', async () => {
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore());
    await proceed(await guard.begin(request('k', { b: 2, a: 1 }))).finish({ status: 202, body: { run_id: 'r1' } });
    expect((await guard.begin(request('k', { a: 1, b: 2 }))).kind).toBe('replay');
  });

  it('refuses the same key with another body (422) or another operation', async () => {
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore());
    await proceed(await guard.begin(request('k'))).finish({ status: 200, body: {} });
    await expect(guard.begin(request('k', { inputs: { a: 2 } }))).rejects.toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    await expect(guard.begin({ ...request('k'), operation: 'POST /v1/capabilities/x/execute' })).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  });

  it("scopes keys per subject: another subject's same key is a new request", async () => {
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore());
    await proceed(await guard.begin(request('shared', {}, 'alice'))).finish({ status: 200, body: { who: 'alice' } });
    expect((await guard.begin(request('shared', { other: true }, 'bob'))).kind).toBe('proceed');
  });

  it('refuses a duplicate while the first is answered (409), or waits for its answer when asked to', async () => {
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore());
    const first = proceed(await guard.begin(request('busy')));
    await expect(guard.begin(request('busy'))).rejects.toMatchObject({ code: 'idempotency_in_progress', status: 409 });
    const waiting = guard.begin(request('busy'), { waitMs: 10_000 });
    setTimeout(() => void first.finish({ status: 202, body: { run_id: 'r' } }), 50);
    expect(await waiting).toEqual({ kind: 'replay', response: { status: 202, body: { run_id: 'r' } } });
  });

  it('frees the key when the request did no work (refused before it ran), so the retry runs', async () => {
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore());
    await proceed(await guard.begin(request('bad'))).finish({ status: 400, body: { error: {} } });
    await proceed(await guard.begin(request('bad'))).abandon();
    const retry = await guard.begin(request('bad'));
    expect(retry.kind).toBe('proceed');
  });

  it.each(['', 'x'.repeat(256), 'tab\there', 'é'])('refuses the key %j with 400', async (key) => {
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore());
    await expect(guard.begin(request(key))).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('accepts a key of 255 characters', async () => {
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore());
    expect((await guard.begin(request('k'.repeat(255)))).kind).toBe('proceed');
  });

  it('forgets an answer after the TTL', async () => {
    let now = 0;
    const guard = new IdempotencyGuard(new MemoryIdempotencyStore({ now: () => now }), { ttlSeconds: 60 });
    await proceed(await guard.begin(request('old'))).finish({ status: 200, body: {} });
    now = 61_000;
    expect((await guard.begin(request('old', { changed: true }))).kind).toBe('proceed');
  });
});

describe('MemoryIdempotencyStore', () => {
  it('keeps at most maxKeys, the oldest written going first', async () => {
    const store = new MemoryIdempotencyStore({ maxKeys: 2 });
    for (const id of ['a', 'b', 'c']) await store.complete(id, 'f', { status: 200, body: id }, 60_000);
    expect(store.size).toBe(2);
    expect(await store.read('a')).toBeUndefined();
    expect(await store.read('c')).toMatchObject({ state: 'completed' });
  });
});
