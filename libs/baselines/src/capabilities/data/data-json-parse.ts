import { InvalidRequestError } from '@skill-service/contracts';
import { defineCapability } from '../../define-capability.js';
import { anyValue, integer, object, text } from '../../json-schema.js';
import { LIMITS } from '../../limits.js';

interface Input {
  text: string;
}

function refuse(message: string): never {
  throw new InvalidRequestError(`Invalid input: inputs.text ${message}`, { details: [{ path: 'inputs.text', message }] });
}

/** Deepest nesting of brackets outside strings: one linear pass, before anything recursive runs. */
function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export const dataJsonParse = defineCapability<Input>({
  id: 'data.json.parse',
  description:
    'Parses JSON text into a value (RFC 8259), refusing documents nested deeper than 64 levels; a syntax error names its position.',
  inputSchema: object({ text: text('The JSON document.') }, ['text']),
  outputSchema: object(
    {
      value: anyValue('The parsed value.'),
      type: text('object, array, string, number, boolean or null.', { enum: ['object', 'array', 'string', 'number', 'boolean', 'null'] }),
      depth: integer('Deepest nesting of objects and arrays.'),
    },
    ['value', 'type', 'depth'],
  ),
  compute(input) {
    const depth = nestingDepth(input.text);
    if (depth > LIMITS.inputDepth) refuse(`is nested deeper than ${LIMITS.inputDepth} levels`);
    let value: unknown;
    try {
      value = JSON.parse(input.text);
    } catch (error) {
      refuse(`is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { value, type: typeOf(value), depth };
  },
});
