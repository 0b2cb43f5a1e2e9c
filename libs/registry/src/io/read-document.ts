import type { Reporter } from '../reporter.js';
import { parseYamlText } from './parse-yaml-text.js';
import { readTextFile } from './read-text-file.js';
import type { SourceFile } from './source-file.js';

export type DocumentFormat = 'yaml' | 'json';

/**
 * Reads and parses one file, reporting every problem on `reporter`. Returns the parsed value, or
 * `undefined` when the file could not be read or parsed, or is empty.
 */
export function readDocument(
  file: SourceFile,
  reporter: Reporter,
  options: {
    readonly maxFileBytes: number;
    readonly format?: DocumentFormat;
    /** Optional configuration files may be empty ("nothing configured"): only a warning then. */
    readonly emptySeverity?: 'error' | 'warning';
  },
): unknown {
  const reportEmpty = (message: string): undefined => {
    if (options.emptySeverity === 'warning') reporter.warning([], 'empty_file', message);
    else reporter.error([], 'empty_file', message);
    return undefined;
  };
  const read = readTextFile(file.absolutePath, options.maxFileBytes);
  if (!read.ok) {
    reporter.error([], read.code, read.message);
    return undefined;
  }
  if (read.text.trim() === '') return reportEmpty('the file is empty');
  if (options.format === 'json') {
    try {
      return JSON.parse(read.text) as unknown;
    } catch (error) {
      reporter.error([], 'json_syntax', error instanceof Error ? error.message : 'invalid JSON');
      return undefined;
    }
  }
  const parsed = parseYamlText(read.text);
  for (const problem of parsed.problems) {
    if (problem.severity === 'error') reporter.error(problem.path ?? [], problem.code, problem.message);
    else reporter.warning(problem.path ?? [], problem.code, problem.message);
  }
  if (parsed.value === undefined) return undefined;
  if (parsed.value === null) return reportEmpty('the file holds no document (only comments or blank lines)');
  return parsed.value;
}
