/** ENOENT: for an audit log, "not written yet" rather than a failure. */
export function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
