import { resolvePath } from '@skill-service/skill-language';

const WHOLE_REFERENCE = /^input(?:\.([^\s${}]+))?$/;
const EXACT_PLACEHOLDER = /^\$\{input(?:\.([^\s${}]+))?\}$/;
const EMBEDDED_PLACEHOLDER = /\$\{input(?:\.([^\s${}]+))?\}/g;

/** Marks a template value whose input is missing; such keys and items are dropped at every depth. */
const ABSENT: unique symbol = Symbol('absent');
type Rendered = unknown | typeof ABSENT;

function lookup(input: Record<string, unknown>, path: string | undefined): Rendered {
  if (path === undefined) return input;
  const found = resolvePath(input, path.split('.'));
  return found.found ? found.value : ABSENT;
}

function interpolate(value: Rendered): string {
  if (value === ABSENT) return '';
  if (value === null) return 'null';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function render(template: unknown, input: Record<string, unknown>): Rendered {
  if (typeof template === 'string') {
    const whole = WHOLE_REFERENCE.exec(template) ?? EXACT_PLACEHOLDER.exec(template);
    if (whole !== null) return lookup(input, whole[1]);
    if (!template.includes('${input')) return template;
    return template.replace(EMBEDDED_PLACEHOLDER, (_match, path: string | undefined) => interpolate(lookup(input, path)));
  }
  if (Array.isArray(template)) {
    return template.map((item) => render(item, input)).filter((item) => item !== ABSENT);
  }
  if (typeof template === 'object' && template !== null) {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const rendered = render(value, input);
      if (rendered !== ABSENT) result[key] = rendered;
    }
    return result;
  }
  return template;
}

/**
 * Renders a binding's `request` template against the capability input: `input.<path>` and
 * `${input.<path>}` give the typed value, embedded `${input.<path>}` pieces render as text, and
 * values whose input is absent are dropped at every depth so the provider's defaults apply.
 * Without a template the input is sent as is.
 */
export function renderRequest(template: Record<string, unknown> | undefined, input: Record<string, unknown>): Record<string, unknown> {
  if (template === undefined) return input;
  return render(template, input) as Record<string, unknown>;
}
