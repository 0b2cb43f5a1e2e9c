// Writes the 50- and 200-step fixture skills: chains of ten upper-casing steps side by side, so a
// run has many steps in flight at once and the graph is both wide and deep.
import { mkdirSync, writeFileSync } from 'node:fs';

for (const count of [50, 200]) {
  const lines = [
    `id: test.steps-${count}`,
    'version: 1.0.0',
    `name: ${count} steps`,
    `description: ${count} upper-casing steps in chains of ten.`,
    'inputs:',
    '  text: { type: string, required: true, default: many steps }',
    'outputs:',
    '  text: { type: string, required: true }',
    'steps:',
  ];
  for (let i = 0; i < count; i += 1) {
    const source = i % 10 === 0 ? 'inputs.text' : `vars.s${i - 1}`;
    const target = i === count - 1 ? 'outputs.text' : `vars.s${i}`;
    lines.push(`  - id: s${i}`, '    uses: text.upper', `    input: { text: ${source} }`, `    output: { text: ${target} }`);
  }
  lines.push('metadata:', '  status: stable', '  tags: [test, large]', '');
  const dir = new URL(`registry/skills/official/test/steps-${count}/`, import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('skill.yaml', dir), lines.join('\n'));
}
