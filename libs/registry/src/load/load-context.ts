import { readDocument, type DocumentFormat } from '../io/read-document.js';
import type { SourceFile } from '../io/source-file.js';
import type { RegistryDiagnostic } from '../registry-diagnostic.js';
import { Reporter } from '../reporter.js';

/** Files read between two yields to the event loop: a big load never blocks it for long. */
const FILES_PER_SLICE = 100;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface ReadResult<F extends SourceFile = SourceFile> {
  readonly file: F;
  readonly reporter: Reporter;
  /** The parsed document, undefined when it could not be read or parsed (already reported). */
  readonly value: unknown;
}

/** What every stage of one load shares: the size limit and the list of every reporter made. */
export class LoadContext {
  private readonly reporters: Reporter[] = [];

  constructor(readonly maxFileBytes: number) {}

  reporterFor(location: Reporter['location']): Reporter {
    const reporter = new Reporter(location);
    this.reporters.push(reporter);
    return reporter;
  }

  /** Reads and parses files in order, in slices separated by yields to the event loop. */
  async readAll<F extends SourceFile>(
    files: readonly F[],
    options: { format?: DocumentFormat; emptySeverity?: 'error' | 'warning' } = {},
  ): Promise<ReadResult<F>[]> {
    const results: ReadResult<F>[] = [];
    for (const file of files) {
      if (results.length > 0 && results.length % FILES_PER_SLICE === 0) await yieldToEventLoop();
      const reporter = this.reporterFor(file);
      const value = readDocument(file, reporter, { maxFileBytes: this.maxFileBytes, ...options });
      results.push({ file, reporter, value });
    }
    return results;
  }

  /** Every diagnostic, grouped by root (registry first) and file, in the order found within a file. */
  diagnostics(): RegistryDiagnostic[] {
    const rootRank = (root: string): number => (root === 'registry' ? 0 : 1);
    return this.reporters
      .flatMap((reporter) => reporter.diagnostics)
      .map((diagnostic, order) => ({ diagnostic, order }))
      .sort(
        (a, b) =>
          rootRank(a.diagnostic.root) - rootRank(b.diagnostic.root) ||
          (a.diagnostic.file < b.diagnostic.file ? -1 : a.diagnostic.file > b.diagnostic.file ? 1 : 0) ||
          a.order - b.order,
      )
      .map(({ diagnostic }) => diagnostic);
  }
}
