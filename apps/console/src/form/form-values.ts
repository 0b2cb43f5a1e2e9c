import type { SkillDescription } from '@skill-service/contracts';

export type InputField = SkillDescription['inputs'][string];

/** An example of a skill (when describe provides examples). */
export interface SkillExample {
  readonly description?: string;
  readonly inputs: Readonly<Record<string, unknown>>;
}

/** Form values are the text of each input box: JSON for structured types, plain text for strings. */
export type FormValues = Readonly<Record<string, string>>;

const STRUCTURED = new Set(['object', 'array', 'any']);

function textOf(field: InputField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.type === 'string' && typeof value === 'string') return value;
  if (field.type === 'boolean') return value === true ? 'true' : 'false';
  return typeof value === 'string' && !STRUCTURED.has(field.type) ? value : JSON.stringify(value, null, STRUCTURED.has(field.type) ? 2 : 0);
}

/** The form's first values: the example's input where it has one, else the declared default. */
export function initialValues(inputs: SkillDescription['inputs'], example?: SkillExample): FormValues {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, field]) => [name, textOf(field, example !== undefined && name in example.inputs ? example.inputs[name] : field.default)]),
  );
}

export interface ParsedInputs {
  readonly inputs: Record<string, unknown>;
  /** Field name → what is wrong with its text. */
  readonly problems: Readonly<Record<string, string>>;
}

/** The request's `inputs` from the form: each text read per the field's declared type. */
export function parseValues(inputs: SkillDescription['inputs'], values: FormValues): ParsedInputs {
  const out: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const [name, field] of Object.entries(inputs)) {
    const text = values[name] ?? '';
    if (text.trim() === '') {
      if (field.required) problems[name] = 'is required';
      continue;
    }
    switch (field.type) {
      case 'string':
        out[name] = text;
        break;
      case 'integer':
      case 'number': {
        const number = Number(text);
        if (!Number.isFinite(number) || (field.type === 'integer' && !Number.isInteger(number))) problems[name] = `must be ${field.type === 'integer' ? 'an integer' : 'a number'}`;
        else out[name] = number;
        break;
      }
      case 'boolean':
        if (text !== 'true' && text !== 'false') problems[name] = 'must be true or false';
        else out[name] = text === 'true';
        break;
      default:
        try {
          out[name] = JSON.parse(text);
        } catch {
          problems[name] = 'must be valid JSON';
        }
    }
  }
  return { inputs: out, problems };
}
