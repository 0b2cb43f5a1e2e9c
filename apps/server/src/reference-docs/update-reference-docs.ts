/*
 * `npm run docs:update`: writes the generated sections of docs/ (the route table from the served
 * /openapi.json, the error codes, the configuration table) in place. The reference-docs spec fails
 * while a committed section differs from what this writes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillService } from '@skill-service/service';
import request from 'supertest';
import { createApp } from '../app.js';
import { BUILTIN_REGISTRY_ROOT, REPO_ROOT, pythonWorkerScript } from '../install-paths.js';
import { parseServerCommand } from '../server-options.js';
import { serviceConfigOf } from '../service-config-of.js';
import { openAccess } from '../testing/test-access.js';
import { generatedDocs, withGeneratedSections } from './reference-docs.js';

const command = parseServerCommand([], {}, { registryRoot: BUILTIN_REGISTRY_ROOT, runtimeRoot: REPO_ROOT });
if (command.kind !== 'serve') throw new Error(`unexpected: ${JSON.stringify(command)}`);
const service = await SkillService.open(serviceConfigOf(command.options, {}, pythonWorkerScript(), () => undefined), { version: 'docs' });
try {
  const { app } = createApp(service, { version: 'docs', bodyLimitBytes: command.options.bodyLimitBytes, heartbeatMs: 15_000, log: () => undefined, access: openAccess() });
  const { body } = await request(app).get('/openapi.json');
  const docs = generatedDocs(body as Record<string, unknown>);
  for (const file of new Set(docs.map((doc) => doc.file))) {
    const path = join(REPO_ROOT, file);
    const before = await readFile(path, 'utf8');
    const after = withGeneratedSections(before, file, docs);
    if (after !== before) await writeFile(path, after);
    process.stderr.write(`${file}: ${after === before ? 'up to date' : 'updated'}\n`);
  }
} finally {
  await service.close();
}
