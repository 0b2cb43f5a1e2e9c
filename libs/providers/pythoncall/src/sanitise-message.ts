// Absolute paths (POSIX, `~`, Windows drive) with at least two segments; relative names stay.
const ABSOLUTE_PATH = /(?<![\w.~-])(?:~|[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}[\\/]?/g;
const CONTROL = /\p{Cc}+/gu;
const MAX_LENGTH = 500;

/**
 * Makes text from a Python process fit for a client: no file paths (they reveal the host's
 * layout), no control characters or line breaks (no smuggled traceback), bounded length.
 */
export function sanitiseMessage(text: string): string {
  const clean = text.replace(ABSOLUTE_PATH, '<path>').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_LENGTH ? `${clean.slice(0, MAX_LENGTH)}…` : clean;
}
