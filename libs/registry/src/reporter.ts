import type { DiagnosticRoot, RegistryDiagnostic } from './registry-diagnostic.js';
import { formatFieldPath, type FieldPath } from './normalize/field-path.js';

/** A file as diagnostics name it: relative to its root, `/`-separated. */
export interface FileLocation {
  readonly root: DiagnosticRoot;
  readonly file: string;
}

/**
 * Collects the diagnostics of one entity (or one whole file). Entities keep their own reporter so
 * one with an error can be dropped whole while its neighbours in the same file still load.
 */
export class Reporter {
  readonly diagnostics: RegistryDiagnostic[] = [];
  readonly location: FileLocation;
  private errors = 0;

  constructor(location: FileLocation) {
    // Copy the two fields only: a SourceFile also carries its absolute path, which must never leak.
    this.location = { root: location.root, file: location.file };
  }

  error(path: FieldPath, code: string, message: string, suggestion?: string): void {
    this.add('error', path, code, message, suggestion);
  }

  warning(path: FieldPath, code: string, message: string, suggestion?: string): void {
    this.add('warning', path, code, message, suggestion);
  }

  get hasErrors(): boolean {
    return this.errors > 0;
  }

  /** Takes over diagnostics produced elsewhere (e.g. while reading the file). */
  adopt(diagnostics: readonly RegistryDiagnostic[]): void {
    for (const diagnostic of diagnostics) {
      this.diagnostics.push(diagnostic);
      if (diagnostic.severity === 'error') this.errors++;
    }
  }

  private add(severity: RegistryDiagnostic['severity'], path: FieldPath, code: string, message: string, suggestion: string | undefined): void {
    const { file, root } = this.location;
    this.diagnostics.push({ file, path: formatFieldPath(path), code, message, severity, root, ...(suggestion === undefined ? {} : { suggestion }) });
    if (severity === 'error') this.errors++;
  }
}
