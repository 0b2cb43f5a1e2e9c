/*
 * Reads the JSON line the `done` function of wrk-script.ts prints among wrk's own text output.
 * Pure, so wrk-result.spec.ts feeds it wrk's real output shape without running wrk.
 */

export interface ResponseCount {
  /** `good`, or the malformed kind's name. */
  readonly kind: string;
  readonly status: number;
  /** The answer is the one the contract gives that kind of request. */
  readonly contract: boolean;
  readonly count: number;
}

export interface WrkResult {
  /** Completed requests (answered, any status). */
  readonly requests: number;
  readonly durationSeconds: number;
  readonly errors: { readonly connect: number; readonly read: number; readonly write: number; readonly status: number; readonly timeout: number };
  /** Latency percentiles in µs. */
  readonly latencyMicros: { readonly p50: number; readonly p90: number; readonly p99: number; readonly max: number; readonly mean: number };
  /** Per kind and status; empty unless the script counted answers. */
  readonly responses: readonly ResponseCount[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function numbers<K extends string>(value: unknown, keys: readonly K[], where: string): Record<K, number> {
  if (!isRecord(value)) throw new Error(`wrk result: ${where} is not an object`);
  const out = {} as Record<K, number>;
  for (const key of keys) {
    const number = value[key];
    if (typeof number !== 'number' || !Number.isFinite(number)) throw new Error(`wrk result: ${where}.${key} is not a number`);
    out[key] = number;
  }
  return out;
}

/**
 * The figures of one wrk run from its stdout: the last line that is a JSON object with `requests`.
 * Throws, quoting the output, when there is none or it lacks a field (a script error, wrk unable
 * to connect), so a broken run never reads as zero requests.
 */
export function parseWrkOutput(stdout: string): WrkResult {
  const line = stdout
    .split('\n')
    .map((text) => text.trim())
    .filter((text) => text.startsWith('{') && text.includes('"requests"'))
    .at(-1);
  if (line === undefined) throw new Error(`wrk printed no result line:\n${stdout.trim()}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    throw new Error(`wrk result line is not JSON (${error instanceof Error ? error.message : String(error)}): ${line}`);
  }
  const top = numbers(parsed, ['requests', 'duration_us'] as const, 'result');
  const record = parsed as Record<string, unknown>;
  const errors = numbers(record['errors'], ['connect', 'read', 'write', 'status', 'timeout'] as const, 'errors');
  const latencyMicros = numbers(record['latency_us'], ['p50', 'p90', 'p99', 'max', 'mean'] as const, 'latency_us');
  const rawResponses = record['responses'] ?? [];
  if (!Array.isArray(rawResponses)) throw new Error('wrk result: responses is not an array');
  const responses = rawResponses.map((entry, index): ResponseCount => {
    const { status, count } = numbers(entry, ['status', 'count'] as const, `responses[${index}]`);
    const { kind, contract } = entry as Record<string, unknown>;
    if (typeof kind !== 'string' || typeof contract !== 'boolean') throw new Error(`wrk result: responses[${index}] lacks kind or contract`);
    return { kind, status, contract, count };
  });
  return { requests: top.requests, durationSeconds: top.duration_us / 1e6, errors, latencyMicros, responses };
}

/** Connection errors and timeouts, plus answers with a status ≥ 400 (wrk's own status count). */
export const failuresOf = (result: WrkResult): number => result.errors.connect + result.errors.read + result.errors.write + result.errors.timeout + result.errors.status;
