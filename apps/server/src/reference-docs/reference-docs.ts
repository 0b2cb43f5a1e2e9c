import { ERROR_TAXONOMY } from '@skill-service/contracts';
import { configurationTable } from './configuration-options.js';
import { cell, replaceSection } from './generated-section.js';
import { routeTable } from './route-table.js';

/** A generated section of a documentation file (path relative to the checkout). */
export interface GeneratedDoc {
  readonly file: string;
  readonly section: string;
  readonly content: string;
}

/** Every error code, its status and its payload `type`, from the one taxonomy all surfaces share. */
export function errorTable(): string {
  const rows = Object.entries(ERROR_TAXONOMY).map(([code, entry]) => `| \`${code}\` | ${entry.status} | ${cell(entry.type)} |`);
  return ['| code | status | type |', '|---|---|---|', ...rows].join('\n');
}

/** The sections docs/ takes from the code: the served API description, the error taxonomy, the options. */
export function generatedDocs(openApiDocument: Record<string, unknown>): GeneratedDoc[] {
  return [
    { file: 'docs/http-api.md', section: 'routes', content: routeTable(openApiDocument) },
    { file: 'docs/http-api.md', section: 'errors', content: errorTable() },
    { file: 'docs/configuration.md', section: 'options', content: configurationTable() },
  ];
}

/** `text` (the file's current content) with `docs`' sections for that file written in. */
export function withGeneratedSections(text: string, file: string, docs: readonly GeneratedDoc[]): string {
  return docs.filter((doc) => doc.file === file).reduce((current, doc) => replaceSection(current, doc.section, doc.content), text);
}
