import { InvalidRequestError } from '@skill-service/contracts';
import type Handlebars from 'handlebars';
import { defineCapability } from '../../define-capability.js';
import { boolean, integer, object, record, text } from '../../json-schema.js';
import { onFirstUse } from '../../lazy-module.js';
import { setOwn } from '../../records/field-path.js';

interface Input {
  template: string;
  data?: Record<string, unknown>;
  escape_html?: boolean;
}

const MAX_TEMPLATE_CHARS = 100_000;
const MAX_OUTPUT_CHARS = 1_000_000;
// Statements that could make rendering unbounded or reach outside the data: partials (which can
// recurse or fan out exponentially) and decorators (inline partials).
const FORBIDDEN = new Set(['PartialStatement', 'PartialBlockStatement', 'DecoratorBlock', 'Decorator']);

/** Deepest nesting of blocks: the Handlebars parser slows down sharply with depth (6,000 levels take over 20 s). */
const MAX_BLOCK_DEPTH = 64;
/** Mustaches per template: compiling costs about 0.1 ms each (14,000 take over a second). */
const MAX_MUSTACHES = 2_000;

class OutputTooLarge extends Error {}

// Handlebars (compiler and runtime) loads on the first render, not at startup.
const loadHandlebars = onFirstUse(async (): Promise<typeof Handlebars> => (await import('handlebars')).default);

type HelperOptions = Handlebars.HelperOptions;
type AstNode = { type: string } & Record<string, unknown>;

/**
 * One isolated Handlebars environment for every render: the global one is never touched. `log`
 * (which writes to the console) is replaced by a no-op; `each` counts what its iterations render,
 * so nested loops over large data stop at the output cap instead of running on.
 */
function createEnvironment(handlebars: typeof Handlebars, budget: { chars: number }): typeof Handlebars {
  const env = handlebars.create();
  const each = env.helpers['each'] as Handlebars.HelperDelegate;
  env.registerHelper('log', () => '');
  env.registerHelper('each', function (this: unknown, context: unknown, options: HelperOptions) {
    const fn = options.fn;
    const counted = (item: unknown, frame?: Handlebars.RuntimeOptions): string => {
      const out = fn(item, frame);
      budget.chars += out.length;
      if (budget.chars > MAX_OUTPUT_CHARS) throw new OutputTooLarge();
      return out;
    };
    return each.call(this, context, { ...options, fn: counted } as HelperOptions);
  });
  return env;
}

/**
 * Mustaches and block nesting depth by a linear scan, before the parser sees the template:
 * `{{#x}}` and `{{^x}}` open a block, `{{/x}}` closes one (`{{^}}` is an else, not an opening).
 */
function templateShape(template: string): { mustaches: number; depth: number } {
  let mustaches = 0;
  let depth = 0;
  let deepest = 0;
  let index = template.indexOf('{{');
  while (index >= 0) {
    mustaches += 1;
    let at = index + 2;
    while (template.charAt(at) === '{' || template.charAt(at) === '~') at++;
    const sigil = template.charAt(at);
    if (sigil === '#' || (sigil === '^' && !/^\^~?}}/.test(template.slice(at, at + 4)))) deepest = Math.max(deepest, ++depth);
    else if (sigil === '/') depth--;
    // Resume after the braces just read, so a long run of "{" is read once.
    index = template.indexOf('{{', at);
  }
  return { mustaches, depth: deepest };
}

/**
 * The data with every string HTML-escaped, once. Escaping at each insertion instead would cost
 * template size × value size (20,000 references to a 1 MB value); rendering then only joins.
 */
function escapeData(value: unknown, escape: (text: string) => string): unknown {
  if (typeof value === 'string') return escape(value);
  if (Array.isArray(value)) return value.map((item) => escapeData(item, escape));
  if (typeof value !== 'object' || value === null) return value;
  const escaped: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(escaped, key, escapeData(item, escape));
  return escaped;
}

/** Iterative AST walk: refuses partials and decorators wherever they are nested. */
function assertAllowed(ast: hbs.AST.Program): void {
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node as unknown[]) stack.push(item);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const type = (node as AstNode).type;
    if (typeof type === 'string' && FORBIDDEN.has(type)) {
      throw new InvalidRequestError('Invalid input: inputs.template uses partials or decorators, which are not supported', {
        details: [{ path: 'inputs.template', message: 'partials ({{> name}}) and decorators are not supported' }],
      });
    }
    for (const [key, value] of Object.entries(node as AstNode)) if (key !== 'loc' && typeof value === 'object') stack.push(value);
  }
}

function templateError(error: unknown): InvalidRequestError {
  const message = error instanceof Error ? error.message.split('\n')[0] ?? 'invalid template' : 'invalid template';
  return new InvalidRequestError(`Invalid input: inputs.template ${message}`, { details: [{ path: 'inputs.template', message }], cause: error });
}

export const textTemplateRender = defineCapability<Input>({
  id: 'text.template.render',
  description:
    'Renders a Handlebars template with the given data ({{name}}, {{#each}}, {{#if}}, {{#with}}, {{lookup}}). Sandboxed: no prototype access, no partials, no custom helpers; a missing value renders as empty; at most 2,000 expressions, output at most 1,000,000 characters.',
  inputSchema: object(
    {
      template: text('The Handlebars template.', { maxLength: MAX_TEMPLATE_CHARS }),
      data: record('The values the template reads.'),
      escape_html: boolean('HTML-escape every value inserted (for HTML output; {{{triple}}} is escaped too).', { default: false }),
    },
    ['template'],
  ),
  outputSchema: object({ text: text('The rendered text.'), chars: integer('Its length in characters.') }, ['text', 'chars']),
  async compute(input) {
    const shape = templateShape(input.template);
    const problem =
      shape.depth > MAX_BLOCK_DEPTH ? `nests blocks deeper than ${MAX_BLOCK_DEPTH} levels` : shape.mustaches > MAX_MUSTACHES ? `has more than ${MAX_MUSTACHES} {{…}} expressions` : undefined;
    if (problem !== undefined) throw new InvalidRequestError(`Invalid input: inputs.template ${problem}`, { details: [{ path: 'inputs.template', message: problem }] });
    const handlebars = await loadHandlebars();
    const budget = { chars: 0 };
    const env = createEnvironment(handlebars, budget);
    let render: Handlebars.TemplateDelegate;
    try {
      const ast = env.parse(input.template);
      assertAllowed(ast);
      render = env.compile(ast, { strict: false, knownHelpersOnly: true, noEscape: true });
    } catch (error) {
      if (error instanceof InvalidRequestError) throw error;
      throw templateError(error);
    }
    let output: string;
    try {
      // Explicit `false` (not just the default) also keeps Handlebars from logging each denial.
      const data = input.escape_html === true ? escapeData(input.data ?? {}, handlebars.Utils.escapeExpression) : (input.data ?? {});
      output = render(data, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
    } catch (error) {
      if (error instanceof OutputTooLarge) throw tooLarge();
      if (error instanceof RangeError) throw error;
      throw templateError(error);
    }
    if (output.length > MAX_OUTPUT_CHARS) throw tooLarge();
    return { text: output, chars: output.length };
  },
});

function tooLarge(): InvalidRequestError {
  const message = `renders more than ${MAX_OUTPUT_CHARS} characters`;
  return new InvalidRequestError(`Invalid input: inputs.template ${message}`, { details: [{ path: 'inputs.template', message }] });
}
