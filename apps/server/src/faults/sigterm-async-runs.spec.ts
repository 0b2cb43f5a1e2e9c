// Fault: SIGTERM to the built server (in-memory runs) while an async run executes. The run gets
// the drain time (SERVICE_DRAIN_SECONDS): released within it, it completes; past it, it is
// cancelled and fails with the shutdown error. Either way the process exits 0. The run records
// die with the process, so the outcome is read from the audit file the run writes as it ends.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { killBuiltServers, startBuiltServer, type BuiltServer } from '../testing/built-server.js';
import { gateFolder, waitFor } from '../testing/test-server.js';

const BOUND_MS = 90_000;
const folders: string[] = [];

afterEach(async () => {
  killBuiltServers();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function auditFile(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'sigterm-runs-'));
  folders.push(folder);
  return join(folder, 'audit.jsonl');
}

/** Launches a held `test.wait` run and waits until it executes. */
async function heldRun(server: BuiltServer, gates: string, traceId: string): Promise<void> {
  const response = await fetch(`${server.url}/v1/skills/test.wait/execute/async`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inputs: { gate_dir: gates, name: 'run' }, trace_id: traceId }),
  });
  expect(response.status).toBe(202);
  await waitFor('the run to execute', () => existsSync(join(gates, 'run.started')), 20_000);
}

async function auditRecord(path: string, traceId: string): Promise<Record<string, unknown> | undefined> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((record) => record['trace_id'] === traceId && record['depth'] === 0);
}

const alive = (server: BuiltServer): boolean => server.child.exitCode === null && server.child.signalCode === null;

describe('SIGTERM with an async run executing (built server, runs in memory)', () => {
  it(
    'gives the run the drain time: released within it, the run completes, then the process exits 0',
    async () => {
      const audit = await auditFile();
      const server = await startBuiltServer({ SERVICE_DRAIN_SECONDS: '60', SERVICE_AUDIT_PATH: audit });
      const gates = await gateFolder();
      await heldRun(server, gates, 'sigterm-run-finishes');
      server.child.kill('SIGTERM');
      // The server stops listening at once, but the process waits for the run.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(alive(server)).toBe(true);
      await writeFile(join(gates, 'run.release'), '');
      expect(await server.exit).toBe(0);
      expect(await auditRecord(audit, 'sigterm-run-finishes')).toMatchObject({ status: 'completed', channel: 'http-async' });
    },
    BOUND_MS,
  );

  it(
    'past the drain time the run is cancelled and fails, and the process exits 0',
    async () => {
      const audit = await auditFile();
      const server = await startBuiltServer({ SERVICE_DRAIN_SECONDS: '2', SERVICE_AUDIT_PATH: audit });
      const gates = await gateFolder();
      await heldRun(server, gates, 'sigterm-run-cancelled');
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
      expect(await auditRecord(audit, 'sigterm-run-cancelled')).toMatchObject({ status: 'failed', channel: 'http-async' });
    },
    BOUND_MS,
  );
});
