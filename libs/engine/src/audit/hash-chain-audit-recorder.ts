import type { AuditRecorder, AuditRunSummary } from './audit-run-summary.js';
import type { AuditRecord, AuditRecordMode } from './audit-record.js';
import type { AuditStore } from './audit-store.js';
import { buildAuditRecord, type AuditRecordOptions } from './build-audit-record.js';
import { canonicalJson } from '@skill-service/util';
import { AUDIT_GENESIS_HASH, sealAuditRecord, type AuditHmacKey } from './seal-audit-record.js';
import { sha256Hex } from './sha256-of.js';

/** Where a recording failed: building the record, reading the store's tail, or appending. */
export type AuditFailureStage = 'build' | 'resume' | 'append';

export interface AuditFailure {
  readonly stage: AuditFailureStage;
  readonly traceId: string;
  readonly skillId: string;
}

export interface HashChainAuditRecorderOptions extends AuditRecordOptions {
  readonly store: AuditStore;
  /** Adds `_record_hmac` to every record; passed in by the wiring, never read from the environment. */
  readonly hmacKey?: AuditHmacKey;
  /** Told about every record that could not be written (the run itself never sees the failure). */
  readonly onError?: (error: unknown, failure: AuditFailure) => void;
}

/**
 * The engine's AuditRecorder over an AuditStore, keeping a SHA-256 hash chain.
 *
 * - Resumes: the first record links to the store's last record, so a restart continues the chain
 *   (restarting at "genesis" on every process start would leave gaps nobody could verify).
 * - Serialises: records are sealed and appended one at a time, in call order, so concurrent runs
 *   can neither interleave lines nor link two records to the same predecessor.
 * - Never throws: failures go to `onError`; `record` always resolves, once the line is written.
 *
 * One recorder per store and process: two recorders (or two processes) appending to one file
 * would still fork the chain, which `verifyAuditChain` then reports.
 */
export class HashChainAuditRecorder implements AuditRecorder {
  private readonly store: AuditStore;
  private readonly hmacKey: AuditHmacKey | undefined;
  private readonly onError: HashChainAuditRecorderOptions['onError'];
  private readonly recordOptions: AuditRecordOptions;
  /** The `_record_hash` of the last record in the store; undefined until (re)read from it. */
  private lastHash: string | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(options: HashChainAuditRecorderOptions) {
    const { store, hmacKey, onError, ...recordOptions } = options;
    this.store = store;
    this.hmacKey = hmacKey;
    this.onError = onError;
    // Copy the key list once: an iterable may be single-use, and the caller may mutate it later.
    this.recordOptions =
      recordOptions.redactKeys === undefined ? recordOptions : { ...recordOptions, redactKeys: [...recordOptions.redactKeys] };
  }

  record(summary: AuditRunSummary, mode: AuditRecordMode): Promise<void> {
    const failure = (stage: AuditFailureStage): AuditFailure => ({ stage, traceId: summary.traceId, skillId: summary.skillId });
    // The type excludes `off`, but a caller forwarding an unchecked mode must still write nothing.
    if ((mode as string) === 'off') return Promise.resolve();
    if (mode !== 'standard' && mode !== 'full') {
      this.report(new TypeError(`unknown audit mode ${JSON.stringify(mode)}`), failure('build'));
      return Promise.resolve();
    }
    // Built now, not when the queue reaches it: the summary's values may change after this call.
    let record: AuditRecord;
    try {
      record = buildAuditRecord(summary, mode, this.recordOptions);
    } catch (error) {
      this.report(error, failure('build'));
      return Promise.resolve();
    }
    const written = this.queue.then(() => this.append(record, failure));
    this.queue = written;
    return written;
  }

  /** Resolves once every record accepted so far has been written or reported. */
  flush(): Promise<void> {
    return this.queue;
  }

  private async append(record: AuditRecord, failure: (stage: AuditFailureStage) => AuditFailure): Promise<void> {
    let prevHash: string;
    try {
      prevHash = this.lastHash ?? (await this.resume(failure('resume')));
    } catch (error) {
      // Writing anyway would fork the chain; the record is lost and reported, the next one retries.
      this.report(error, failure('resume'));
      return;
    }
    try {
      const sealed = sealAuditRecord(record, prevHash, this.hmacKey);
      await this.store.append(JSON.stringify(sealed));
      this.lastHash = sealed._record_hash;
    } catch (error) {
      // The line may or may not have landed (or landed torn): re-read the tail before the next one.
      this.lastHash = undefined;
      this.report(error, failure('append'));
    }
  }

  private async resume(failure: AuditFailure): Promise<string> {
    const last = await this.store.readLastRecord();
    if (last === null) return AUDIT_GENESIS_HASH;
    const hash = last['_record_hash'];
    if (typeof hash === 'string' && hash.length > 0) return hash;
    // A last line without a hash (hand-edited, or another writer's): link to its content so the
    // chain still pins what precedes it, and let verifyAuditChain flag that line.
    this.report(new Error('the last audit record has no _record_hash; linking to its content hash'), failure);
    return sha256Hex(canonicalJson(last));
  }

  private report(error: unknown, failure: AuditFailure): void {
    try {
      this.onError?.(error, failure);
    } catch {
      // A failing error reporter must not reach the run either.
    }
  }
}
