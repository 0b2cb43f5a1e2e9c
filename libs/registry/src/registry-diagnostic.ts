/** Which root a diagnostic's `file` is relative to. */
export type DiagnosticRoot = 'registry' | 'runtime';

/**
 * One problem found while loading. `file` is relative to its root with `/` separators (never an
 * absolute path, so diagnostics can be shown to clients); `path` is the field inside the file,
 * e.g. `steps[2].uses`, or `''` for the file as a whole.
 */
export interface RegistryDiagnostic {
  file: string;
  path: string;
  code: string;
  message: string;
  severity: 'error' | 'warning';
  root: DiagnosticRoot;
  /** A close known name for a misspelt one ("did you mean"), when there is one. */
  suggestion?: string;
}

/** `registry:skills/a/b/c/skill.yaml steps[2].uses: unknown capability ... [unknown_capability]` */
export function formatDiagnostic(diagnostic: RegistryDiagnostic): string {
  const where = diagnostic.path === '' ? '' : ` ${diagnostic.path}`;
  return `${diagnostic.severity} ${diagnostic.root}:${diagnostic.file}${where}: ${diagnostic.message} [${diagnostic.code}]`;
}

export function hasErrors(source: { readonly diagnostics: readonly RegistryDiagnostic[] }): boolean {
  return source.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}
