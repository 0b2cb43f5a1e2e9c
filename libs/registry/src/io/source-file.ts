import type { FileLocation } from '../reporter.js';

/** A file to load: where diagnostics say it is, and where it really is. */
export interface SourceFile extends FileLocation {
  readonly absolutePath: string;
}
