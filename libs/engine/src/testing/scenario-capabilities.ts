import { ServiceError, isErrorCode, type CapabilityInvocation } from '@skill-service/contracts';
import type { CapabilityFunction } from './function-invoker.js';
import { delay } from './test-capabilities.js';

/**
 * The fixed library of real functions that back the capabilities of the YAML scenarios
 * (`src/scenarios/*.yaml`): a scenario's capability says `function: <name>`. Each function is
 * ordinary code over its input; the library only watches them run (calls, inputs, aborts and how
 * many were in flight at once), so a scenario can state what the engine did to them.
 */
/** What the functions of one library instance saw (one instance per scenario case). */
export interface ScenarioObservations {
  /** Runs per function name (a gate's run counts like any other). */
  readonly calls: Record<string, number>;
  /** The input of every run, per function name, in call order. */
  readonly received: Record<string, unknown[]>;
  /** Functions whose invocation signal was aborted while they were running. */
  readonly aborted: Set<string>;
  /** The largest number of runs in flight at the same time, all functions together. */
  readonly maxInFlight: number;
  /** Runs that have not settled yet. */
  readonly inFlight: number;
}

export interface ScenarioLibrary {
  /** Every function of the library by name, wrapped so that its runs are observed. */
  readonly functions: Readonly<Record<string, CapabilityFunction>>;
  readonly observations: ScenarioObservations;
  /** Resolves once no run is in flight any more (or after `timeoutMs`). */
  settled(timeoutMs?: number): Promise<void>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const number = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);

/** The bodies; `attempts` counts runs per capability id, for `fail_times`. */
function scenarioFunctionBodies(attempts: Map<string, number>) {
  return {
    /** `{value}` → `{value}` (a missing value comes back as null). */
    echo: (input: Record<string, unknown>) => ({ value: input['value'] ?? null }),
    /** Returns its whole input as its output. */
    identity: (input: Record<string, unknown>) => ({ ...input }),
    /** `{text}` → `{text}` in upper case. */
    upper: (input: Record<string, unknown>) => ({ text: text(input['text']).toUpperCase() }),
    /** `{text}` → `{text}` in lower case. */
    lower: (input: Record<string, unknown>) => ({ text: text(input['text']).toLowerCase() }),
    /** `{parts, separator?}` → `{text}`: the parts joined (default separator one space). */
    concat: (input: Record<string, unknown>) => ({
      text: list(input['parts']).map(text).join(typeof input['separator'] === 'string' ? input['separator'] : ' '),
    }),
    /** `{a, b}` → `{sum}`. */
    add: (input: Record<string, unknown>) => ({ sum: number(input['a'], Number.NaN) + number(input['b'], Number.NaN) }),
    /** `{n?, by?}` → `{n: n + by}`; an absent n counts as 0, an absent by as 1. */
    increment: (input: Record<string, unknown>) => ({ n: number(input['n'], 0) + number(input['by'], 1) }),
    /** `{text}` → `{words}`: split on whitespace. */
    split_words: (input: Record<string, unknown>) => ({ words: text(input['text']).split(/\s+/).filter((word) => word !== '') }),
    /** `{items}` → `{count}`. */
    count: (input: Record<string, unknown>) => ({ count: list(input['items']).length }),
    /** `{ms, value?}` → `{value}` after `ms` milliseconds; rejects as soon as its signal aborts. */
    slow: async (input: Record<string, unknown>, invocation: CapabilityInvocation) => {
      await delay(number(input['ms'], 0), invocation.signal);
      return { value: input['value'] ?? null };
    },
    /** `{times, value?}` → fails its first `times` runs (per capability), then `{attempt, value}`. */
    fail_times: (input: Record<string, unknown>, invocation: CapabilityInvocation) => {
      const attempt = (attempts.get(invocation.capability.id) ?? 0) + 1;
      attempts.set(invocation.capability.id, attempt);
      if (attempt <= number(input['times'], 0)) throw new Error(`transient failure ${attempt}`);
      return { attempt, value: input['value'] ?? null };
    },
    /**
     * Always fails: with `{code}` as a provider that reports that error code, otherwise as a broken
     * provider whose message leaks a server path (which must never reach the caller).
     */
    fail: (input: Record<string, unknown>) => {
      const code = input['code'];
      if (isErrorCode(code)) throw new ServiceError(code, `provider says ${code}`);
      throw new Error('ENOENT: open /srv/provider/secret.key');
    },
    /** A conformance-aware provider: reports the profile it was asked for; none of its bindings is strict (412). */
    conformance: (_input: Record<string, unknown>, invocation: CapabilityInvocation) => {
      const profile = invocation.requiredConformanceProfile ?? null;
      if (profile === 'strict') throw new ServiceError('conformance_unmet', 'No binding meets the strict conformance profile');
      return { profile };
    },
    /** A gate that allows everything. */
    gate_allow: () => ({ allowed: true }),
    /** A gate that denies everything. */
    gate_deny: () => ({ allowed: false, reason: 'denied by policy' }),
    /** A gate that denies a subject mentioning "forbidden" (in any case). */
    gate_check: (input: Record<string, unknown>) => ({
      allowed: !JSON.stringify(input).toLowerCase().includes('forbidden'),
      reason: 'the subject mentions forbidden things',
    }),
    /** A gate that cannot run. */
    gate_broken: () => {
      throw new Error('gate crashed');
    },
  };
}

/** A fresh library (fresh counters and observations): one per scenario case. */
export function createScenarioLibrary(): ScenarioLibrary {
  const bodies: Record<string, CapabilityFunction> = scenarioFunctionBodies(new Map());
  const calls: Record<string, number> = {};
  const received: Record<string, unknown[]> = {};
  const aborted = new Set<string>();
  let inFlight = 0;
  let maxInFlight = 0;
  let onIdle: (() => void)[] = [];

  const observe =
    (name: string, body: CapabilityFunction): CapabilityFunction =>
    async (input, invocation) => {
      calls[name] = (calls[name] ?? 0) + 1;
      (received[name] ??= []).push(structuredClone(input));
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const onAbort = (): void => {
        aborted.add(name);
      };
      invocation.signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await body(input, invocation);
      } finally {
        invocation.signal.removeEventListener('abort', onAbort);
        inFlight--;
        if (inFlight === 0) {
          const waiting = onIdle;
          onIdle = [];
          for (const resolve of waiting) resolve();
        }
      }
    };

  const functions = Object.fromEntries(Object.entries(bodies).map(([name, body]) => [name, observe(name, body)]));
  return {
    functions,
    observations: {
      calls,
      received,
      aborted,
      get maxInFlight() {
        return maxInFlight;
      },
      get inFlight() {
        return inFlight;
      },
    },
    settled: (timeoutMs = 2000) =>
      inFlight === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeoutMs);
            onIdle.push(() => {
              clearTimeout(timer);
              resolve();
            });
          }),
  };
}
