import { ServiceError, type CapabilityDefinition, type CapabilityInvocation, type ErrorCode } from '@skill-service/contracts';
import { defineCapability } from './define.js';
import type { CapabilityFunction } from './function-invoker.js';

/** A capability contract and the real function behind it. */
export interface TestCapability {
  readonly definition: CapabilityDefinition;
  readonly fn: CapabilityFunction;
}

const field = (type: string, required = true) => ({ type, required });

/** Resolves after `ms`, or rejects with the invocation's abort reason (a well-behaved provider). */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

const cyclic = (): Record<string, unknown> => {
  const node: Record<string, unknown> = { name: 'loop' };
  node['self'] = node;
  return node;
};

let huge: string | undefined;
// 50 MB, built once per test process.
const hugeString = (): string => (huge ??= 'x'.repeat(50 * 1024 * 1024));

/**
 * The capabilities the specs run against: small real functions, plus deliberately broken ones.
 * `counter.next` and `flaky.until` keep state per call of this factory (one per test engine).
 */
export function testCapabilities(): TestCapability[] {
  let counter = 0;
  let flakyCalls = 0;
  const capability = (draft: Parameters<typeof defineCapability>[0], fn: CapabilityFunction): TestCapability => ({
    definition: defineCapability(draft),
    fn,
  });
  return [
    capability({ id: 'text.upper', inputs: { text: field('string') }, outputs: { text: field('string') } }, (input) => ({
      text: String(input['text']).toUpperCase(),
    })),
    capability(
      { id: 'text.concat', inputs: { a: field('string'), b: field('string'), separator: field('string', false) }, outputs: { text: field('string') } },
      (input) => ({ text: `${String(input['a'])}${typeof input['separator'] === 'string' ? input['separator'] : ''}${String(input['b'])}` }),
    ),
    capability({ id: 'text.echo', inputs: { value: field('any', false) }, outputs: { value: field('any', false) } }, (input) => ({
      value: input['value'] ?? null,
    })),
    capability({ id: 'math.add', inputs: { a: field('number'), b: field('number') }, outputs: { sum: field('number') } }, (input) => ({
      sum: Number(input['a']) + Number(input['b']),
    })),
    capability(
      { id: 'list.split', inputs: { text: field('string'), separator: field('string', false) }, outputs: { items: field('array') } },
      (input) => ({ items: String(input['text']).split(typeof input['separator'] === 'string' ? input['separator'] : ',') }),
    ),
    capability({ id: 'list.length', inputs: { items: field('array') }, outputs: { count: field('integer') } }, (input) => ({
      count: (input['items'] as unknown[]).length,
    })),
    capability({ id: 'counter.next', outputs: { count: field('integer') } }, () => ({ count: ++counter })),
    capability({ id: 'fail.plain' }, () => {
      throw new Error('ENOENT: open /srv/provider/secret.key');
    }),
    capability({ id: 'fail.coded', inputs: { code: field('string') } }, (input) => {
      throw new ServiceError(input['code'] as ErrorCode, `provider says ${String(input['code'])}`);
    }),
    capability({ id: 'flaky.until', inputs: { succeed_on: field('integer') }, outputs: { attempt: field('integer') } }, (input) => {
      flakyCalls++;
      if (flakyCalls < Number(input['succeed_on'])) throw new Error(`flaky failure ${flakyCalls}`);
      return { attempt: flakyCalls };
    }),
    capability({ id: 'wait.abortable' }, async (_input, invocation: CapabilityInvocation) => {
      await new Promise((_resolve, reject) => invocation.signal.addEventListener('abort', () => reject(invocation.signal.reason)));
      return {};
    }),
    capability({ id: 'wait.ignoring' }, () => new Promise(() => undefined)),
    capability(
      { id: 'wait.delay', inputs: { ms: field('number'), value: field('any', false) }, outputs: { value: field('any', false) } },
      async (input, invocation) => {
        await delay(Number(input['ms']), invocation.signal);
        return { value: input['value'] ?? null };
      },
    ),
    capability({ id: 'bad.string' }, () => 'not an object'),
    capability({ id: 'bad.array' }, () => [1, 2]),
    capability({ id: 'bad.undefined' }, () => undefined),
    capability({ id: 'bad.cyclic' }, () => ({ data: cyclic() })),
    capability({ id: 'bad.huge' }, () => ({ text: hugeString() })),
    capability({ id: 'bad.shape', outputs: { text: field('string') } }, () => ({ wrong: 'field' })),
    capability({ id: 'bad.nan' }, () => ({ value: Number.NaN })),
    capability({ id: 'bad.instance' }, () => ({ when: new Date(0) })),
    capability({ id: 'gate.check', outputs: { allowed: field('boolean') } }, (input) => ({
      allowed: !JSON.stringify(input).includes('forbidden'),
      reason: 'the text mentions forbidden things',
    })),
    capability({ id: 'gate.broken' }, () => {
      throw new Error('gate crashed');
    }),
  ];
}
