// Test support for src/bindings-e2e: a private copy of the fault-injection runtime root, plus the
// flag files its Python module and MCP server read to decide whether to fail.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULTS_REGISTRY_ROOT, FAULTS_RUNTIME_TEMPLATE, FLAKY_MCP_SERVER } from './fixture-paths.js';

/** Flag files read by local_services/fault_tools.py and flaky-mcp-server.mjs. */
export type FaultFlag = 'python-raise' | 'python-killed' | 'mcp-exit';

export interface FaultRuntime {
  readonly registryRoot: string;
  /** The copy of fixtures/faults-runtime, with services/official/flaky_mcp.yaml added. */
  readonly runtimeRoot: string;
  /** Passed to the Python workers and the MCP server as E2E_FAULT_DIR. */
  readonly faultDir: string;
  setFault(flag: FaultFlag, on: boolean): void;
  /** Removes the copy and the flags. */
  remove(): void;
}

/**
 * Copies the fault runtime root into a fresh temporary folder and adds the one descriptor that
 * needs absolute paths: the stdio MCP server (this Node binary running flaky-mcp-server.mjs).
 * Each test file gets its own copy and flags, so test files may run in parallel.
 */
export function prepareFaultRuntime(): FaultRuntime {
  const base = mkdtempSync(join(tmpdir(), 'bindings-e2e-'));
  const runtimeRoot = join(base, 'runtime');
  const faultDir = join(base, 'faults');
  cpSync(FAULTS_RUNTIME_TEMPLATE, runtimeRoot, { recursive: true });
  mkdirSync(faultDir);
  // JSON strings are YAML 1.2 flow scalars: any path is quoted safely.
  writeFileSync(
    join(runtimeRoot, 'services', 'official', 'flaky_mcp.yaml'),
    [
      'id: flaky_mcp',
      'kind: mcp',
      `command: ${JSON.stringify(process.execPath)}`,
      `args: [${JSON.stringify(FLAKY_MCP_SERVER)}]`,
      // Child processes see only what their descriptor declares: where the test keeps its fault flags.
      'env:',
      '  E2E_FAULT_DIR: "${E2E_FAULT_DIR}"',
      '',
    ].join('\n'),
  );
  return {
    registryRoot: FAULTS_REGISTRY_ROOT,
    runtimeRoot,
    faultDir,
    setFault(flag, on) {
      const file = join(faultDir, flag);
      if (on) writeFileSync(file, 'on\n');
      else rmSync(file, { force: true });
    },
    remove() {
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Polls `condition` every 20 ms; rejects naming `what` when it stays false for `timeoutMs`. */
export async function waitFor<T>(what: string, condition: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = condition();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
