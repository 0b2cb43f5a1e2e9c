import { cell } from './generated-section.js';

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Every operation of an OpenAPI document as one Markdown table: method, path, the role it needs
 * (`public` when it declares no security), its summary, its success statuses and the error
 * statuses it answers on purpose. Generated from the served /openapi.json, so it cannot drift
 * from the routes.
 */
export function routeTable(document: Json): string {
  const rows: string[] = [];
  const paths = (document['paths'] ?? {}) as Record<string, Json>;
  for (const path of Object.keys(paths).sort()) {
    for (const method of METHODS) {
      const operation = paths[path]?.[method] as Json | undefined;
      if (operation === undefined) continue;
      // The role the route needs once credentials are configured; an open server documents no security at all.
      const role = String(operation['x-required-role'] ?? 'public');
      const statuses = Object.keys((operation['responses'] ?? {}) as Json).sort();
      const success = statuses.filter((status) => status.startsWith('2') || status.startsWith('3'));
      const errors = statuses.filter((status) => !success.includes(status));
      rows.push(`| ${method.toUpperCase()} | \`${path}\` | ${role} | ${cell(String(operation['summary'] ?? ''))} | ${success.join(', ')} | ${errors.join(', ')} |`);
    }
  }
  return ['| method | path | role | what | success | errors |', '|---|---|---|---|---|---|', ...rows].join('\n');
}
