import { RunRecord } from '@skill-service/contracts';
import type { RunOutcome } from '@skill-service/runs';
import { CorruptStateError } from '../state-errors.js';

/** The format mark of a run hash; a hash without it was not written by this adapter. */
export const RUN_RECORD_FORMAT = 'run-record/1';

/**
 * A record as hash fields: what never changes as one JSON field (`base`), what finishing sets as
 * fields of its own (so the finish script needs no JSON in Lua). Absent fields are null.
 */
export function encodeRunRecord(record: RunRecord): string[] {
  const base = JSON.stringify({ run_id: record.run_id, skill_id: record.skill_id, trace_id: record.trace_id, created_at: record.created_at });
  return ['format', RUN_RECORD_FORMAT, 'base', base, 'status', record.status];
}

/** The outcome's fields for the finish script: status, finished_at, which text (`result`/`error`) and it. */
export function encodeRunOutcome(outcome: RunOutcome): [string, string, string, string] {
  return outcome.status === 'completed'
    ? [outcome.status, outcome.finished_at, 'result', JSON.stringify(outcome.result)]
    : [outcome.status, outcome.finished_at, 'error', outcome.error];
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Symbol.for('invalid');
  }
}

/** The record of a hash read back, checked against the contract; a typed error for anything else. */
export function decodeRunRecord(runId: string, fields: Record<string, string>, prefix: string): RunRecord {
  const what = `The record of run '${runId}'`;
  if (fields['format'] !== RUN_RECORD_FORMAT) throw new CorruptStateError(what, `the prefix '${prefix}'`);
  const base = parseJson(fields['base']);
  const result = fields['result'] === undefined ? null : parseJson(fields['result']);
  if (typeof base !== 'object' || base === null) throw new CorruptStateError(what, `the prefix '${prefix}'`);
  const parsed = RunRecord.safeParse({
    ...base,
    status: fields['status'],
    finished_at: fields['finished_at'] ?? null,
    result,
    error: fields['error'] ?? null,
  });
  if (!parsed.success || parsed.data.run_id !== runId) throw new CorruptStateError(what, `the prefix '${prefix}'`);
  return parsed.data;
}
