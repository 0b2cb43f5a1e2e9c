export const MAX_PREVIEW_CHARS = 180;
// Only the start of a large body is looked at: the preview is 180 characters anyway.
const SCAN_CHARS = 16 * 1024;
const SHORTEST_SECRET = 4;
const BEARER = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi;
const CREDENTIAL_FIELD =
  /((?:authorization|api[_-]?key|access[_-]?token|token|password|passwd|secret)["']?\s*[:=]\s*["']?)(?:(?:bearer|basic)\s+)?[^\s"',;&}]+/gi;

/**
 * A short, single-line view of upstream text for an error message: the configured secrets and
 * anything that looks like a credential are masked, control characters and runs of whitespace
 * become one space, and the result is cut to 180 characters (enough to recognise an error page, too little to leak a document).
 */
export function bodyPreview(body: Buffer | string, secrets: readonly string[] = [], maxChars = MAX_PREVIEW_CHARS): string {
  let text = (typeof body === 'string' ? body : body.subarray(0, SCAN_CHARS * 4).toString('utf8')).slice(0, SCAN_CHARS);
  // Longest first, so a secret that contains another is masked whole.
  for (const secret of [...secrets].filter((s) => s.length >= SHORTEST_SECRET).sort((a, b) => b.length - a.length)) {
    text = text.replaceAll(secret, '***');
  }
  text = text.replace(CREDENTIAL_FIELD, '$1***').replace(BEARER, '$1 ***');
  // eslint-disable-next-line no-control-regex
  const compact = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  return compact.length <= maxChars ? compact : `${compact.slice(0, maxChars - 1)}…`;
}
