import { describe, expect, it } from '@jest/globals';
import { isServiceError } from '@skill-service/contracts';
import { WebhookRegistry } from './webhook-registry.js';

const allowAll = async (): Promise<void> => undefined;

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isServiceError(error)) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('WebhookRegistry', () => {
  it('creates an active subscription and never answers the secret', async () => {
    const registry = new WebhookRegistry({ checkUrl: allowAll, newId: () => 'w1' });
    const created = await registry.create({ url: 'https://hooks.example.com/in', events: ['skill.completed'], secret: 's3cret' });
    expect(created).toEqual({ id: 'w1', url: 'https://hooks.example.com/in', events: ['skill.completed'], active: true });
    expect(await registry.list()).toEqual([created]);
    expect(JSON.stringify(await registry.list())).not.toContain('s3cret');
    expect((await registry.get('w1'))?.secret).toBe('s3cret');
  });

  it.each([
    ['a non-http scheme', { url: 'ftp://example.com/x', events: ['*'] }],
    ['a relative url', { url: '/hooks', events: ['*'] }],
    ['credentials in the url', { url: 'https://user:pw@example.com/x', events: ['*'] }],
    ['no events', { url: 'https://example.com/x', events: [] }],
    ['an unknown event', { url: 'https://example.com/x', events: ['skill.exploded'] }],
    ['a non-string secret', { url: 'https://example.com/x', events: ['*'], secret: 42 }],
    ['a missing url', { events: ['*'] }],
  ])('refuses %s with 400', async (_what, body) => {
    const registry = new WebhookRegistry({ checkUrl: allowAll });
    expect(await codeOf(registry.create(body))).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(await registry.count()).toBe(0);
  });

  it('refuses a URL the outbound guard blocks', async () => {
    const registry = new WebhookRegistry({
      checkUrl: async () => {
        throw new Error('loopback address blocked');
      },
    });
    const refused = await codeOf(registry.create({ url: 'http://127.0.0.1:9/x', events: ['*'] }));
    expect(refused).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(refused.message).toContain('loopback address blocked');
  });

  it('never exceeds the limit when creations race while their URLs are checked', async () => {
    let n = 0;
    const registry = new WebhookRegistry({ checkUrl: () => new Promise((resolve) => setTimeout(resolve, 5)), maxSubscriptions: 3, newId: () => `w${++n}` });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_x, i) => registry.create({ url: `https://example.com/${i}`, events: ['*'] })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await registry.count()).toBe(3);
  });

  it('answers 409 limit_exceeded for the 101st subscription', async () => {
    let n = 0;
    const registry = new WebhookRegistry({ checkUrl: allowAll, newId: () => `w${++n}` });
    for (let i = 0; i < 100; i += 1) await registry.create({ url: `https://example.com/${i}`, events: ['*'] });
    const refused = await codeOf(registry.create({ url: 'https://example.com/101', events: ['*'] }));
    expect(refused).toMatchObject({ code: 'limit_exceeded', status: 409 });
    expect(refused.message).toContain('100');
    await registry.delete('w1');
    await expect(registry.create({ url: 'https://example.com/again', events: ['*'] })).resolves.toMatchObject({ active: true });
  });

  it('deletes by id and answers 404 for an unknown one', async () => {
    const registry = new WebhookRegistry({ checkUrl: allowAll, newId: () => 'w1' });
    await registry.create({ url: 'https://example.com/x', events: ['*'] });
    expect(await registry.delete('w1')).toEqual({ deleted: 'w1' });
    expect(await codeOf(registry.delete('w1'))).toMatchObject({ code: 'not_found', status: 404 });
    expect(await registry.list()).toEqual([]);
  });

  it('matches named events and the wildcard', async () => {
    let n = 0;
    const registry = new WebhookRegistry({ checkUrl: allowAll, newId: () => `w${++n}` });
    await registry.create({ url: 'https://example.com/a', events: ['skill.completed'] });
    await registry.create({ url: 'https://example.com/b', events: ['*'] });
    await registry.create({ url: 'https://example.com/c', events: ['run.failed'] });
    expect((await registry.matching('skill.completed')).map((s) => s.id)).toEqual(['w1', 'w2']);
    expect((await registry.matching('run.failed')).map((s) => s.id)).toEqual(['w2', 'w3']);
  });
});
