const MAX_LENGTH = 240;

/**
 * Makes upstream text safe to put in an error message: control characters and runs of whitespace
 * become one space and the result is cut to 240 characters, so a
 * chatty or hostile server cannot flood error payloads or logs.
 */
export function sanitiseMessage(text: string, maxLength = MAX_LENGTH): string {
  // eslint-disable-next-line no-control-regex
  const compact = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  return compact.length <= maxLength ? compact : `${compact.slice(0, maxLength - 1)}…`;
}
