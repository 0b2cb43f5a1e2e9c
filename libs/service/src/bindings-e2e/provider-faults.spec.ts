// Provider faults end to end with real providers and no mocks: every provider fault gives a
// typed error with the right code, the fallback chain is tried, the circuit breaker counts it (and
// opens at its threshold), and once the fault clears the next call works.
//
// The registry is fixtures/faults-registry + a private copy of fixtures/faults-runtime: one capability
// per fault whose primary is an official binding on the faulty provider and whose
// `fallback_binding_id` names a local pythoncall binding on the healthy text_baseline service.
// "Without a fallback" is the same registry with the fallback links removed (withoutFallbacks),
// sharing the providers and the breaker.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CircuitBreaker } from '@skill-service/bindings';
import { ServiceError, type CapabilityExecutionResult, type StreamEvent } from '@skill-service/contracts';
import { SkillExecutionError } from '@skill-service/engine';
import { GuardedHttpClient, OutboundGuard } from '@skill-service/outbound-guard';
import { McpProvider, type McpLogEntry } from '@skill-service/provider-mcp';
import { OpenApiProvider } from '@skill-service/provider-openapi';
import { OpenRpcProvider } from '@skill-service/provider-openrpc';
import { PythonCallProvider, type PythonCallLogEntry } from '@skill-service/provider-pythoncall';
import { loadRegistry, type Registry } from '@skill-service/registry';
import { ManualClock, wireEngine, withoutFallbacks, type Wiring } from './test/e2e-wiring.js';
import { prepareFaultRuntime, waitFor, type FaultRuntime } from './test/fault-runtime.js';
import { FaultyHttpServer, remoteSummary, type HttpBehaviour } from './test/faulty-http-server.js';
import { ORIGINAL_RUNTIME_ROOT } from './test/fixture-paths.js';

// Every step below is bounded; the slowest (an MCP server respawn) takes a second or two.
const BOUND_MS = 30_000;
const THRESHOLD = 3;
const OPEN_MS = 30_000;

const TEXT = 'Alpha beta gamma delta epsilon zeta';
/** The local fallback binding: text_baseline.summarize_text(text, max_length=4). */
const FALLBACK_SUMMARY = 'Alpha beta gamma delta ...';
/** fault_tools.py and flaky-mcp-server.mjs when healthy: the first four words. */
const FIRST_FOUR = 'Alpha beta gamma delta';

type HttpCase = 'http-down' | 'http-slow' | 'http-500' | 'http-bad-json' | 'http-oversized' | 'http-html' | 'rpc-error';
const HTTP_CASES: Record<HttpCase, { dialect: 'openapi' | 'openrpc'; fault: HttpBehaviour | 'down'; env: string }> = {
  'http-down': { dialect: 'openapi', fault: 'down', env: 'E2E_HTTP_DOWN_PORT' },
  'http-slow': { dialect: 'openapi', fault: 'slow', env: 'E2E_HTTP_SLOW_PORT' },
  'http-500': { dialect: 'openapi', fault: 'status_500', env: 'E2E_HTTP_500_PORT' },
  'http-bad-json': { dialect: 'openapi', fault: 'malformed_json', env: 'E2E_HTTP_BAD_JSON_PORT' },
  'http-oversized': { dialect: 'openapi', fault: 'oversized', env: 'E2E_HTTP_OVERSIZED_PORT' },
  'http-html': { dialect: 'openapi', fault: 'html', env: 'E2E_HTTP_HTML_PORT' },
  'rpc-error': { dialect: 'openrpc', fault: 'rpc_error', env: 'E2E_RPC_ERROR_PORT' },
};

// Filled in beforeAll; the cases below only reach them from inside tests.
let faults: FaultRuntime;
let registry: Registry;
let python: PythonCallProvider;
let mcp: McpProvider;
let http: GuardedHttpClient;
const servers = {} as Record<HttpCase, FaultyHttpServer>;
const pythonLog: PythonCallLogEntry[] = [];
const mcpLog: McpLogEntry[] = [];
const clock = new ManualClock();
const breaker = new CircuitBreaker({ failureThreshold: THRESHOLD, openMs: OPEN_MS, now: clock.now });
let withFallback: Wiring;
let bare: Wiring;

interface FaultCase {
  /** `fault.<name>.summarize` is the capability, `fault.<name>` the one-step skill. */
  readonly name: string;
  readonly service: string;
  readonly code: 'upstream_failure' | 'upstream_timeout';
  readonly status: 502 | 504;
  /** What the provider says about this fault (checked on the failed attempt and the error). */
  readonly message: RegExp;
  /** The primary's answer once healthy again. */
  readonly healthy: string;
  inject(): void | Promise<void>;
  clear(): void | Promise<void>;
  /** Runs beside each call that reaches the faulty provider (e.g. kills its worker mid-call). */
  alongside?(): Promise<void>;
  /** Calls the faulty provider received so far, where the test can see them. */
  reached?(): number;
  /** Extra checks once recovered. */
  recovered?(): Promise<void>;
}

function httpCase(name: HttpCase, code: FaultCase['code'], message: RegExp): FaultCase {
  const { fault } = HTTP_CASES[name];
  return {
    name,
    service: name.replaceAll('-', '_'),
    code,
    status: code === 'upstream_timeout' ? 504 : 502,
    message,
    healthy: remoteSummary(TEXT),
    inject: async () => {
      if (fault === 'down') await servers[name].stop();
      else servers[name].behaviour = fault;
    },
    clear: async () => {
      if (fault === 'down') await servers[name].listen();
      else servers[name].behaviour = 'healthy';
    },
    reached: () => servers[name].requests.length,
    recovered: async () => {
      expect(servers[name].listening).toBe(true);
    },
  };
}

const HANGING = /hanging in worker pid=(\d+)/;
const killedWorkers: number[] = [];

const CASES: readonly FaultCase[] = [
  httpCase('http-down', 'upstream_failure', /could not be reached \(ECONNREFUSED\)/),
  httpCase('http-slow', 'upstream_timeout', /did not answer within 400 ms/),
  httpCase('http-500', 'upstream_failure', /answered HTTP 500 for 'v1\/summaries': .*internal failure in the summariser/),
  httpCase('http-bad-json', 'upstream_failure', /answered malformed JSON, expected JSON/),
  httpCase('http-oversized', 'upstream_failure', /response exceeds 65536 bytes/),
  httpCase('http-html', 'upstream_failure', /answered text\/html, expected JSON/),
  httpCase('rpc-error', 'upstream_failure', /answered 'summarize' with JSON-RPC error -32000: backend exploded/),
  {
    name: 'python-raise',
    service: 'python_raise',
    code: 'upstream_failure',
    status: 502,
    message: /python function local_services\.fault_tools\.summarize_or_raise raised RuntimeError: the summariser backend is unavailable/,
    healthy: FIRST_FOUR,
    inject: () => faults.setFault('python-raise', true),
    clear: () => faults.setFault('python-raise', false),
  },
  {
    name: 'python-killed',
    service: 'python_killed',
    code: 'upstream_failure',
    status: 502,
    message: /python worker was killed by SIGTERM/,
    healthy: FIRST_FOUR,
    inject: () => faults.setFault('python-killed', true),
    clear: () => faults.setFault('python-killed', false),
    // The function prints its pid to stderr and hangs; the provider hands that line to its log.
    alongside: async () => {
      const from = pythonLog.length;
      const line = await waitFor('the hanging python worker', () => pythonLog.slice(from).find((entry) => HANGING.test(entry.message)));
      const pid = Number(HANGING.exec(line.message)?.[1]);
      process.kill(pid);
      killedWorkers.push(pid);
      expect(line.workerPid).toBe(pid);
    },
    recovered: async () => {
      const details = (await python.health()).details;
      expect(killedWorkers).toHaveLength(THRESHOLD);
      expect(details['restarts']).toBeGreaterThanOrEqual(THRESHOLD);
      expect(details['lastError']).toMatchObject({ message: 'python worker was killed by SIGTERM' });
      // The calls since ran on replacement workers.
      for (const pid of killedWorkers) expect(details['workerPids']).not.toContain(pid);
    },
  },
  {
    name: 'mcp-exit',
    service: 'flaky_mcp',
    code: 'upstream_failure',
    status: 502,
    message: /MCP server 'flaky_mcp' exited during the call to tool 'summarize_or_exit'/,
    healthy: FIRST_FOUR,
    inject: () => faults.setFault('mcp-exit', true),
    clear: () => faults.setFault('mcp-exit', false),
    reached: () => mcpLog.filter((entry) => entry.event === 'exited').length,
    recovered: async () => {
      const services = (await mcp.health()).details['services'] as Record<string, Record<string, unknown>>;
      expect(services['flaky_mcp']).toMatchObject({ transport: 'stdio', connected: true });
      expect(services['flaky_mcp']?.['restarts']).toBeGreaterThanOrEqual(THRESHOLD);
      // The server that answers now is a fresh process, none of those that exited mid-call.
      const exited = mcpLog.filter((entry) => entry.event === 'exited').map((entry) => entry.pid);
      expect(exited).toHaveLength(THRESHOLD);
      expect(exited.every((pid) => Number.isInteger(pid))).toBe(true);
      expect(services['flaky_mcp']?.['pid']).toEqual(expect.any(Number));
      expect(exited).not.toContain(services['flaky_mcp']?.['pid']);
    },
  },
];

beforeAll(async () => {
  faults = prepareFaultRuntime();
  const env: Record<string, string> = {};
  for (const [name, { dialect, env: variable }] of Object.entries(HTTP_CASES) as [HttpCase, (typeof HTTP_CASES)[HttpCase]][]) {
    servers[name] = await FaultyHttpServer.start(dialect);
    env[variable] = String(servers[name].port);
  }
  // Loopback is blocked by default: each test server's exact host:port is allow-listed.
  const guard = new OutboundGuard({ allow: Object.values(servers).map((server) => `127.0.0.1:${server.port}`) });
  http = new GuardedHttpClient({ guard });
  const childEnv = { ...definedEnv(process.env), E2E_FAULT_DIR: faults.faultDir };
  python = new PythonCallProvider({
    // Its own root first (local_services), then the original-runtime fixture root (official_services).
    pythonPath: [faults.runtimeRoot, ORIGINAL_RUNTIME_ROOT],
    env: childEnv,
    log: (entry) => pythonLog.push(entry),
  });
  mcp = new McpProvider({ env: childEnv, restartBackoffMs: 50, log: (entry) => mcpLog.push(entry) });
  const providers = [python, mcp, new OpenApiProvider({ client: http, env }), new OpenRpcProvider({ client: http, env })];

  registry = await loadRegistry({ registryRoot: faults.registryRoot, runtimeRoot: faults.runtimeRoot });
  withFallback = wireEngine({ registry, providers, breaker });
  bare = wireEngine({ registry, catalog: withoutFallbacks(registry), providers, breaker });
}, BOUND_MS);

afterAll(async () => {
  await Promise.allSettled([python?.close(), mcp?.close(), ...Object.values(servers).map((server) => server.close())]);
  http?.close();
  faults?.remove();
}, BOUND_MS);

function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A call that reaches the faulty provider, with the case's companion action beside it. */
async function reach<T>(fault: FaultCase, call: () => Promise<T>): Promise<PromiseSettledResult<T>> {
  const [outcome, alongside] = await Promise.allSettled([call(), fault.alongside?.() ?? Promise.resolve()]);
  if (alongside.status === 'rejected') throw alongside.reason;
  return outcome;
}

function succeeded<T>(outcome: PromiseSettledResult<T>): T {
  if (outcome.status === 'rejected') throw new Error(`expected success, got ${String(outcome.reason)}`);
  return outcome.value;
}

function failed(outcome: PromiseSettledResult<unknown>): unknown {
  if (outcome.status === 'fulfilled') throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  return outcome.reason;
}

describe('the fault fixtures', () => {
  it('load without a diagnostic: every fault capability chains its faulty primary to a healthy fallback', () => {
    expect(registry.diagnostics).toEqual([]);
    for (const fault of CASES) {
      const capability = registry.capabilities.get(`fault.${fault.name}.summarize`)?.definition;
      expect(capability).toBeDefined();
      if (capability === undefined) continue;
      const primary = `${fault.name.replaceAll('-', '_')}_summarize`;
      const fallback = `python_fallback_for_${fault.name.replaceAll('-', '_')}`;
      expect(withFallback.bindings.explain(capability).chain.map((entry) => [entry.binding_id, entry.service_id])).toEqual([
        [primary, fault.service],
        [fallback, 'text_baseline'],
      ]);
      expect(bare.bindings.explain(capability).chain.map((entry) => entry.binding_id)).toEqual([primary]);
    }
  });
});

describe.each(CASES)('$name', (fault) => {
  const capabilityId = `fault.${fault.name}.summarize`;
  const skillId = `fault.${fault.name}`;
  const primary = `${fault.name.replaceAll('-', '_')}_summarize`;
  const fallback = `python_fallback_for_${fault.name.replaceAll('-', '_')}`;
  const failedPrimary = {
    binding_id: primary,
    service_id: fault.service,
    status: 'failed',
    error: { code: fault.code, message: expect.stringMatching(fault.message) },
  };

  it(
    `with a fallback: the primary fails with ${fault.code}, the fallback answers, the breaker counts 1`,
    async () => {
      await fault.inject();
      const result: CapabilityExecutionResult = succeeded(
        await reach(fault, () => withFallback.engine.executeCapability(capabilityId, { text: TEXT })),
      );
      expect(result.outputs).toEqual({ summary: FALLBACK_SUMMARY });
      expect(result.meta).toMatchObject({
        binding_id: fallback,
        service_id: 'text_baseline',
        fallback_used: true,
        fallback_chain: [primary, fallback],
        attempts: [failedPrimary, { binding_id: fallback, service_id: 'text_baseline', status: 'success' }],
      });
      expect(breaker.snapshot()[fault.service]).toEqual({ state: 'closed', failures: 1 });
    },
    BOUND_MS,
  );

  it(
    `without a fallback: executeCapability rejects with ${fault.code} (${fault.status}), the breaker counts 2`,
    async () => {
      const error = failed(await reach(fault, () => bare.engine.executeCapability(capabilityId, { text: TEXT })));
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: fault.code, status: fault.status, message: expect.stringMatching(fault.message) });
      expect((error as ServiceError).details).toEqual({ attempts: [expect.objectContaining(failedPrimary)] });
      expect(breaker.snapshot()[fault.service]).toEqual({ state: 'closed', failures: 2 });
    },
    BOUND_MS,
  );

  it(
    `without a fallback: the one-step skill fails with ${fault.code} (${fault.status}); at ${THRESHOLD} failures the circuit opens`,
    async () => {
      const events: StreamEvent[] = [];
      const error = failed(await reach(fault, () => bare.engine.runSkill(skillId, { text: TEXT }, { onEvent: (event) => events.push(event) })));
      expect(error).toBeInstanceOf(SkillExecutionError);
      const failure = error as SkillExecutionError;
      expect(failure).toMatchObject({ code: fault.code, status: fault.status, skillId, stepId: 'summarize' });
      expect(failure.rootCause).toMatchObject({ code: fault.code, message: expect.stringMatching(fault.message) });
      expect(events.find((event) => event.type === 'step_failed')).toMatchObject({
        step_id: 'summarize',
        data: { error: { code: fault.code } },
      });
      expect(breaker.snapshot()[fault.service]).toEqual({ state: 'open', failures: THRESHOLD });
    },
    BOUND_MS,
  );

  it(
    'while open: the primary is recorded circuit_open without being called; alone it fails 502',
    async () => {
      const reachedBefore = fault.reached?.();
      const result = await withFallback.engine.executeCapability(capabilityId, { text: TEXT });
      expect(result.outputs).toEqual({ summary: FALLBACK_SUMMARY });
      expect(result.meta?.attempts).toEqual([
        {
          binding_id: primary,
          service_id: fault.service,
          conformance_profile: 'standard',
          status: 'circuit_open',
          skip_reason: `circuit open for service '${fault.service}'`,
        },
        { binding_id: fallback, service_id: 'text_baseline', conformance_profile: 'standard', status: 'success' },
      ]);
      await expect(bare.engine.executeCapability(capabilityId, { text: TEXT })).rejects.toMatchObject({
        code: 'upstream_failure',
        status: 502,
        message: `Every binding of capability '${capabilityId}' is unavailable (circuit open).`,
      });
      expect(fault.reached?.()).toBe(reachedBefore);
      expect(breaker.snapshot()[fault.service]).toEqual({ state: 'open', failures: THRESHOLD });
    },
    BOUND_MS,
  );

  it(
    'after the fault clears and the open period ends, the next call works and closes the circuit',
    async () => {
      await fault.clear();
      clock.advance(OPEN_MS);
      expect(breaker.state(fault.service)).toBe('half_open');

      const result = await bare.engine.executeCapability(capabilityId, { text: TEXT });
      expect(result.outputs).toEqual({ summary: fault.healthy });
      expect(result.meta).toMatchObject({ binding_id: primary, fallback_used: false, attempts: [{ binding_id: primary, status: 'success' }] });
      expect(breaker.state(fault.service)).toBe('closed');
      expect(breaker.snapshot()[fault.service]).toBeUndefined();

      const run = await bare.engine.runSkill(skillId, { text: TEXT });
      expect(run).toMatchObject({ status: 'completed', outputs: { summary: fault.healthy } });
      await fault.recovered?.();
    },
    BOUND_MS,
  );
});

describe('afterwards', () => {
  it('no circuit is left open, and the shared fallback service never counted a failure', () => {
    expect(breaker.snapshot()).toEqual({});
  });
});
