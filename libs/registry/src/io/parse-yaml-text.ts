import { LineCounter, parseDocument } from 'yaml';
import { readYamlSubset } from './fast-yaml-subset.js';

export interface TextProblem {
  readonly code: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

export type ParseOutcome = { readonly value: unknown; readonly problems: readonly TextProblem[] };

/** Aliases past this count are refused: a "billion laughs" file stops here instead of expanding. */
const MAX_ALIAS_COUNT = 100;

const YAML_ERROR_CODES: Readonly<Record<string, string>> = {
  DUPLICATE_KEY: 'duplicate_key',
  // yaml turns a stack overflow on absurd nesting into this error instead of throwing.
  RESOURCE_EXHAUSTION: 'yaml_resource_limit',
};
const codeOfYamlError = (code: string): string => YAML_ERROR_CODES[code] ?? 'yaml_syntax';

/**
 * Parses YAML 1.2 (so `on`, `yes`, `no` stay strings) with duplicate keys refused and alias
 * expansion bounded. `value` is undefined when any error was found.
 *
 * Plain files go through the subset reader (same value, many times faster); anything else, and
 * every file with a problem, through the `yaml` package, which also writes every error message.
 */
export function parseYamlText(text: string, options: { readonly fastPath?: boolean } = {}): ParseOutcome {
  if (options.fastPath !== false) {
    const simple = readYamlSubset(text);
    if (simple !== undefined) return { value: simple.value, problems: [] };
  }
  const lineCounter = new LineCounter();
  let document: ReturnType<typeof parseDocument>;
  try {
    // maxAliasCount is a conversion option: it is applied by toJS below.
    document = parseDocument(text, { uniqueKeys: true, prettyErrors: false, lineCounter });
  } catch (error) {
    // The parser reports problems as errors, not exceptions; keep one bad file from ending the load.
    const message = error instanceof Error ? error.message : 'the document cannot be parsed';
    return { value: undefined, problems: [{ code: 'yaml_syntax', message, severity: 'error' }] };
  }
  const where = (offset: number | undefined): string => {
    if (offset === undefined) return '';
    const { line, col } = lineCounter.linePos(offset);
    return ` (line ${line}, column ${col})`;
  };
  const problems: TextProblem[] = document.warnings.map((warning) => ({
    code: 'yaml_warning',
    message: `${warning.message}${where(warning.pos[0])}`,
    severity: 'warning',
  }));
  if (document.errors.length > 0) {
    for (const error of document.errors) {
      problems.push({ code: codeOfYamlError(error.code), message: `${error.message}${where(error.pos[0])}`, severity: 'error' });
    }
    return { value: undefined, problems };
  }
  try {
    return { value: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), problems };
  } catch (error) {
    // The yaml package signals alias exhaustion with a ReferenceError.
    const aliasLimit = error instanceof ReferenceError && /alias/i.test(error.message);
    problems.push(
      aliasLimit
        ? { code: 'yaml_alias_limit', message: `aliases expand beyond the limit of ${MAX_ALIAS_COUNT} (resource exhaustion?)`, severity: 'error' }
        : { code: 'yaml_syntax', message: error instanceof Error ? error.message : 'the document cannot be converted', severity: 'error' },
    );
    return { value: undefined, problems };
  }
}
