import { sanitizeMessage } from '@skill-service/contracts';
import type { RegistryDiagnostic } from '@skill-service/registry';

/** `skills/a/b/skill.yaml:steps[2].uses: error unknown_capability …`, the file relative to its root. */
export function diagnosticLine(diagnostic: RegistryDiagnostic): string {
  const where = diagnostic.path === '' ? diagnostic.file : `${diagnostic.file}:${diagnostic.path}`;
  return `${where}: ${diagnostic.severity} ${diagnostic.code} ${sanitizeMessage(diagnostic.message)}`;
}
