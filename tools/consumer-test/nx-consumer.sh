#!/usr/bin/env bash
# The second consumer: an Nx workspace of its own (same Nx version) in a fresh temp dir whose
# project imports the packed libraries, then `nx run-many -t build test` there. Slower than the
# consumer test (it installs Nx), so it is not part of `npm test`:
#   tools/consumer-test/nx-consumer.sh            # exits non-zero on any failure
#   KEEP=1 tools/consumer-test/nx-consumer.sh     # keeps the temp workspace for a look
set -euo pipefail

WS="$(cd "$(dirname "$0")/../.." && pwd)"
NX_VERSION="23.2.1"
LIBS=(contracts skill-language registry engine)
TMP="$(mktemp -d "${TMPDIR:-/tmp}/skill-service-nx-consumer-XXXXXX")"
[[ "${KEEP:-0}" == 1 ]] || trap 'rm -rf "$TMP"' EXIT
export NX_DAEMON=false CI=true NX_NO_CLOUD=true
started=$SECONDS

echo "== build and pack ${LIBS[*]}"
(cd "$WS" && npx nx run-many -t build -p "${LIBS[@]/#/@skill-service/}" --outputStyle=static --skip-sync >/dev/null)
mkdir -p "$TMP/tarballs"
(cd "$WS" && npm pack "${LIBS[@]/#/./libs/}" --pack-destination "$TMP/tarballs" --loglevel=error >/dev/null)

echo "== create the workspace in $TMP/acme"
mkdir -p "$TMP/acme/packages/worker/src"
cd "$TMP/acme"
deps=""
for lib in "${LIBS[@]}"; do
  deps+="\"@skill-service/$lib\": \"file:$(ls "$TMP"/tarballs/skill-service-"$lib"-*.tgz)\","
done
cat > package.json <<EOF
{
  "name": "acme",
  "private": true,
  "type": "module",
  "workspaces": ["packages/*"],
  "devDependencies": {
    "nx": "$NX_VERSION",
    "@nx/js": "$NX_VERSION",
    "typescript": "5.9.3",
    "@types/node": "20.19.43"
  }
}
EOF
cat > nx.json <<'EOF'
{ "analytics": false, "neverConnectToCloud": true, "targetDefaults": { "build": { "cache": true }, "test": { "dependsOn": ["build"] } } }
EOF
cat > packages/worker/package.json <<EOF
{
  "name": "@acme/worker",
  "private": true,
  "type": "module",
  "dependencies": { ${deps%,} },
  "scripts": { "test": "node --test dist/" },
  "nx": {
    "targets": {
      "build": {
        "executor": "@nx/js:tsc",
        "outputs": ["{options.outputPath}"],
        "options": {
          "main": "packages/worker/src/index.ts",
          "tsConfig": "packages/worker/tsconfig.json",
          "rootDir": "packages/worker/src",
          "outputPath": "packages/worker/dist",
          "generatePackageJson": false
        }
      }
    }
  }
}
EOF
cat > packages/worker/tsconfig.json <<'EOF'
{
  "compilerOptions": {
    "module": "nodenext", "moduleResolution": "nodenext", "target": "es2022", "lib": ["es2023"],
    "strict": true, "skipLibCheck": false, "types": ["node"], "rootDir": "src", "outDir": "dist"
  },
  "include": ["src"]
}
EOF
cat > packages/worker/src/index.ts <<'EOF'
// A worker of another team: runs skills from a registry folder through its own invoker.
import type { CapabilityInvoker } from '@skill-service/contracts';
import { SkillEngine } from '@skill-service/engine';
import { loadRegistry } from '@skill-service/registry';

const shout: CapabilityInvoker = {
  invoke: async ({ input }) => ({ output: { text: `${String(input['text']).toUpperCase()}!` } }),
};

export async function runSkill(registryRoot: string, skillId: string, inputs: Record<string, unknown>) {
  const registry = await loadRegistry({ registryRoot });
  const engine = new SkillEngine({
    definitions: {
      getSkill: (id) => registry.skills.get(id)?.definition,
      getSkillProblems: (id) => registry.rejectedSkills.get(id),
      getCapability: (id) => registry.capabilities.get(id)?.definition,
    },
    invoker: shout,
  });
  const events: string[] = [];
  const result = await engine.runSkill(skillId, inputs, { onEvent: (event) => events.push(event.type) });
  return { outputs: result.outputs, events, diagnostics: registry.diagnostics.length };
}
EOF
cat > packages/worker/src/worker.test.ts <<'EOF'
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { httpStatusOf } from '@skill-service/contracts';
import { runSkill } from './index.js';

const field = { type: 'string', required: true };
const root = mkdtempSync(join(tmpdir(), 'acme-registry-'));
mkdirSync(join(root, 'capabilities'));
mkdirSync(join(root, 'skills', 'official', 'demo', 'shout'), { recursive: true });
writeFileSync(join(root, 'capabilities', 'text.shout.yaml'), JSON.stringify({
  id: 'text.shout', version: '1.0.0', description: 'Shouts.', inputs: { text: field }, outputs: { text: field },
}));
writeFileSync(join(root, 'skills', 'official', 'demo', 'shout', 'skill.yaml'), JSON.stringify({
  id: 'demo.shout', version: '1.0.0', name: 'Shout', description: 'Shouts twice.',
  inputs: { text: field }, outputs: { result: field },
  steps: [
    { id: 'a', uses: 'text.shout', input: { text: 'inputs.text' }, output: { text: 'vars.once' } },
    { id: 'b', uses: 'text.shout', input: { text: 'vars.once' }, output: { text: 'outputs.result' } },
  ],
}));

test('runs a two-step skill from a registry folder', async () => {
  const { outputs, events, diagnostics } = await runSkill(root, 'demo.shout', { text: 'hi' });
  assert.deepEqual(outputs, { result: 'HI!!' });
  assert.equal(diagnostics, 0);
  assert.deepEqual(events, ['skill_start', 'step_start', 'step_completed', 'step_start', 'step_completed', 'skill_completed']);
});

test('an unknown skill is a 404', async () => {
  await assert.rejects(runSkill(root, 'demo.nope', {}), (error) => httpStatusOf(error) === 404);
});
EOF

echo "== npm install (nx $NX_VERSION, @nx/js, the tarballs)"
install_started=$SECONDS
npm install --prefer-offline --no-audit --no-fund --loglevel=error
echo "   install took $((SECONDS - install_started)) s"

echo "== nx run-many -t build test"
nx_started=$SECONDS
npx nx run-many -t build test --outputStyle=static
echo "   nx run-many took $((SECONDS - nx_started)) s"
echo "== nx consumer passed in $((SECONDS - started)) s"
