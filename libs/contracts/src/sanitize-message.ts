/** The longest message that leaves the process (characters, the ellipsis included). */
export const MAX_MESSAGE_LENGTH = 1000;

const HIDDEN = '<redacted>';
// URLs are kept (they name the upstream that failed) but are set aside before paths are looked
// for, so `https://api.example.com/v1/items` never reads as a filesystem path.
const URL_TEXT = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s'"<>()[\]{}]+/g;
// `user:password@` inside a URL.
const URL_USERINFO = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#@]*@/;
// Absolute paths with at least two segments (POSIX, `~`, a Windows drive); relative names
// (`local_services.nope`, `1/2`, `and/or`) stay.
const ABSOLUTE_PATH = /(?<![\w.~/\\-])(?:~|[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}[\\/]?/g;
// Credentials recognisable by their form.
const SCHEME_CREDENTIAL = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// `token=…`, `api_key=…`, `"password": "…"` and the like, in texts and query strings.
const SECRET_NAME = String.raw`[\w-]*(?:api[-_]?key|token|secret|passw(?:or)?d|credential|signature|sig)[\w-]*`;
const SECRET_ASSIGNMENT = new RegExp(String.raw`\b(${SECRET_NAME})=[^\s&'",;]+`, 'gi');
const SECRET_JSON_MEMBER = new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*)"[^"]*"`, 'gi');
const CONTROL_OR_SPACE = /[\s\p{Cc}]+/gu;

function hideCredentials(text: string): string {
  return text
    .replace(SCHEME_CREDENTIAL, `$1 ${HIDDEN}`)
    .replace(JWT, HIDDEN)
    .replace(SECRET_ASSIGNMENT, `$1=${HIDDEN}`)
    .replace(SECRET_JSON_MEMBER, `$1"${HIDDEN}"`);
}

/**
 * The one policy for text that leaves the process (error payloads, and every provider's message
 * about its upstream): control characters and runs of whitespace become one space; absolute
 * filesystem paths become `<path>` (they reveal the host's layout); credentials (`Bearer …`,
 * JWTs, `token=…`-style pairs, a URL's `user:password@`) become `<redacted>`; URLs are otherwise
 * kept; the result is at most MAX_MESSAGE_LENGTH characters.
 */
export function sanitizeMessage(message: string): string {
  const flat = message.replace(CONTROL_OR_SPACE, ' ').trim();
  let cleaned = '';
  let at = 0;
  for (const match of flat.matchAll(URL_TEXT)) {
    cleaned += flat.slice(at, match.index).replace(ABSOLUTE_PATH, '<path>');
    cleaned += match[0].replace(URL_USERINFO, `$1${HIDDEN}@`);
    at = match.index + match[0].length;
  }
  cleaned = hideCredentials(cleaned + flat.slice(at).replace(ABSOLUTE_PATH, '<path>'));
  return cleaned.length > MAX_MESSAGE_LENGTH ? `${cleaned.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : cleaned;
}
