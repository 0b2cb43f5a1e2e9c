import { createHash, randomBytes } from 'node:crypto';

const ZERO_TRACE_ID = '0'.repeat(32);

/**
 * A W3C `traceparent` (`00-<trace-id>-<parent-id>-01`) carrying the service's trace id onward.
 * A trace id that already is 32 hex digits (a dashed UUID included) is used as is, lower-cased;
 * any other id is mapped onto 32 hex digits by SHA-256 so upstream logs still correlate. The
 * parent id is fresh per call: each outgoing request is its own span.
 */
export function traceparentFor(traceId: string): string {
  const compact = traceId.replaceAll('-', '').toLowerCase();
  const traceHex =
    /^[0-9a-f]{32}$/.test(compact) && compact !== ZERO_TRACE_ID
      ? compact
      : createHash('sha256').update(traceId).digest('hex').slice(0, 32);
  let parentId = randomBytes(8).toString('hex');
  // An all-zero parent id is invalid per W3C Trace Context; vanishingly unlikely, but cheap to exclude.
  while (parentId === '0000000000000000') parentId = randomBytes(8).toString('hex');
  return `00-${traceHex}-${parentId}-01`;
}
