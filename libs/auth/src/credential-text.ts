/** The longest credential looked at (an API key, a bearer token, a plugin's header value). */
export const MAX_CREDENTIAL_LENGTH = 8192;

// Printable ASCII, no leading/trailing space: what an API key or a token68 can be. Control
// characters (CR, LF, NUL, tab…) and non-ASCII never reach a comparison.
const CLEAN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

export function isCleanCredential(value: string, maxLength = MAX_CREDENTIAL_LENGTH): boolean {
  return value.length <= maxLength && CLEAN.test(value);
}
