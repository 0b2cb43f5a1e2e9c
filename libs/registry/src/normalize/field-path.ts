/** A location inside a parsed file: object keys and list indices. */
export type FieldPath = readonly (string | number)[];

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** `['steps', 2, 'uses']` → `steps[2].uses`; keys that are not plain names are quoted: `defaults["a.b"]`. */
export function formatFieldPath(path: FieldPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
