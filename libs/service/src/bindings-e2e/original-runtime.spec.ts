// End to end with real parts: a runtime root in the registry layout
// (services/official, bindings/official/<capability>/python_*.yaml, policies/, and the Python package
// official_services/ importable from that root) is loaded by the registry and executed through
// BindingExecutor + PythonCallProvider + SkillEngine. Plus the preference policy and `explain`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CapabilityDefinition, StreamEvent } from '@skill-service/contracts';
import { GuardedHttpClient, OutboundGuard } from '@skill-service/outbound-guard';
import { OpenApiProvider } from '@skill-service/provider-openapi';
import { PythonCallProvider, type PythonCallLogEntry } from '@skill-service/provider-pythoncall';
import { loadRegistry, type Registry } from '@skill-service/registry';
import { wireEngine, type Wiring } from './test/e2e-wiring.js';
import { FaultyHttpServer, remoteSummary } from './test/faulty-http-server.js';
import { ORIGINAL_REGISTRY_ROOT, ORIGINAL_RUNTIME_ROOT } from './test/fixture-paths.js';

// Each test spawns or reuses python3 workers and may call a local HTTP server: bounded per test.
const BOUND_MS = 30_000;

const NOTE = 'The circuit breaker opens after repeated provider failures, and the circuit closes again after a successful probe.';

let registry: Registry;
let python: PythonCallProvider;
let http: GuardedHttpClient;
let textHttp: FaultyHttpServer;
/** DEFAULT_PREFERENCE (builtin, pythoncall): what the service runs with unless configured. */
let byDefault: Wiring;
/** An operator preferring openapi providers. */
let openapiFirst: Wiring;
const pythonLog: PythonCallLogEntry[] = [];

beforeAll(async () => {
  registry = await loadRegistry({ registryRoot: ORIGINAL_REGISTRY_ROOT, runtimeRoot: ORIGINAL_RUNTIME_ROOT });
  textHttp = await FaultyHttpServer.start('openapi');
  http = new GuardedHttpClient({ guard: new OutboundGuard({ allow: [`127.0.0.1:${textHttp.port}`] }) });
  // The runtime root on the Python path, as createProviders does: nothing else makes the module importable.
  python = new PythonCallProvider({ pythonPath: [ORIGINAL_RUNTIME_ROOT], log: (entry) => pythonLog.push(entry) });
  const openapi = new OpenApiProvider({ client: http, env: { E2E_TEXT_HTTP_PORT: String(textHttp.port) } });
  byDefault = wireEngine({ registry, providers: [python, openapi] });
  openapiFirst = wireEngine({ registry, providers: [python, openapi], preference: ['openapi'] });
}, BOUND_MS);

afterAll(async () => {
  await python?.close();
  http?.close();
  await textHttp?.close();
}, BOUND_MS);

function capability(id: string): CapabilityDefinition {
  const found = registry.capabilities.get(id)?.definition;
  if (found === undefined) throw new Error(`capability ${id} is not loaded`);
  return found;
}

describe('a runtime root in the registry layout', () => {
  it('loads services, bindings, policy, capabilities and the skill without a diagnostic', () => {
    expect(registry.diagnostics).toEqual([]);
    expect([...registry.skills.keys()]).toEqual(['text.note-digest']);
    expect(registry.services.get('text_baseline')).toMatchObject({
      id: 'text_baseline',
      protocol: 'pythoncall',
      module: 'official_services.text_baseline',
    });
    expect(registry.bindings.get('python_text_summarize')).toMatchObject({
      capability: 'text.content.summarize',
      service: 'text_baseline',
      protocol: 'pythoncall',
      operation: 'summarize_text',
      origin: 'official',
      request: { text: 'input.text', max_length: 'input.max_length', style: 'input.style' },
      response: { summary: 'response.summary' },
    });
    expect(registry.bindings.get('openapi_text_summarize')).toMatchObject({
      fallback_binding_id: 'python_text_summarize',
      conformance_profile: 'strict',
    });
    expect(registry.policy.defaults).toEqual({
      'text.content.summarize': 'python_text_summarize',
      'text.language.detect': 'python_text_language_detect',
      'text.keyword.extract': 'python_text_keyword_extract',
    });
  });

  it(
    "runs a skill whose pythoncall bindings call the root's Python functions unchanged",
    async () => {
      const events: StreamEvent[] = [];
      const result = await byDefault.engine.runSkill('text.note-digest', { note: NOTE }, { onEvent: (event) => events.push(event) });

      expect(result).toMatchObject({ skill_id: 'text.note-digest', status: 'completed' });
      // What official_services/text_baseline.py returns for this note (max_words defaults to 6).
      expect(result.outputs).toEqual({
        language: 'en',
        keywords: ['circuit', 'after', 'breaker'],
        digest: 'The circuit breaker opens after repeated ...',
      });

      const completed = new Map(events.filter((event) => event.type === 'step_completed').map((event) => [event.step_id, event.data]));
      expect([...completed.keys()].sort()).toEqual(['digest', 'keywords', 'lang']);
      const bindingOf = { lang: 'python_text_language_detect', keywords: 'python_text_keyword_extract', digest: 'python_text_summarize' };
      for (const [step, bindingId] of Object.entries(bindingOf)) {
        expect(completed.get(step)).toMatchObject({
          binding_id: bindingId,
          service_id: 'text_baseline',
          conformance_profile: 'standard',
          required_conformance_profile: 'experimental',
          fallback_used: false,
          attempts: [{ binding_id: bindingId, service_id: 'text_baseline', status: 'success', conformance_profile: 'standard' }],
          resolution_plan: {
            selection_source: 'preference_policy',
            primary_binding_id: bindingId,
            chain: [expect.objectContaining({ binding_id: bindingId, protocol: 'pythoncall', eligible: true, reason: 'eligible' })],
          },
        });
      }
      // The mapped response only: word_count, which the binding does not map, is not produced.
      expect(completed.get('digest')?.['produced_output']).toEqual({ summary: 'The circuit breaker opens after repeated ...' });
      expect(completed.get('lang')?.['produced_output']).toEqual({ language: 'en', confidence: 0.176 });
    },
    BOUND_MS,
  );

  it(
    "passes the request as keyword arguments: an absent input leaves the Python default in force",
    async () => {
      const result = await byDefault.engine.executeCapability('text.content.summarize', { text: NOTE });
      // summarize_text(text, max_length=12, style=None): max_length was not sent, so 12 words.
      expect(result.outputs).toEqual({ summary: 'The circuit breaker opens after repeated provider failures and the circuit closes ...' });
      expect(result.meta).toMatchObject({ binding_id: 'python_text_summarize', service_id: 'text_baseline', fallback_used: false });
      const workerPids = (await python.health()).details['workerPids'] as number[];
      expect(workerPids.length).toBeGreaterThan(0);
      expect(pythonLog.filter((entry) => entry.level === 'error')).toEqual([]);
    },
    BOUND_MS,
  );
});

describe('the preference policy', () => {
  it(
    'with the default preference, the pythoncall official binding wins over the openapi one',
    async () => {
      const before = textHttp.requests.length;
      const result = await byDefault.engine.executeCapability('text.content.summarize', { text: NOTE, max_length: 3 });
      expect(result.outputs).toEqual({ summary: 'The circuit breaker ...' });
      expect(result.meta).toMatchObject({
        binding_id: 'python_text_summarize',
        fallback_used: false,
        fallback_chain: ['python_text_summarize'],
        resolution_plan: { selection_source: 'preference_policy', primary_binding_id: 'python_text_summarize' },
      });
      expect(textHttp.requests.length).toBe(before);
    },
    BOUND_MS,
  );

  it(
    "with preference ['openapi'], the openapi binding is called, with its fallback behind it",
    async () => {
      const before = textHttp.requests.length;
      const result = await openapiFirst.engine.executeCapability('text.content.summarize', { text: NOTE }, { traceId: '4bf92f3577b34da6a3ce929d0e0e4736' });
      expect(result.outputs).toEqual({ summary: remoteSummary(NOTE) });
      expect(result.meta).toMatchObject({
        binding_id: 'openapi_text_summarize',
        service_id: 'text_http',
        conformance_profile: 'strict',
        fallback_used: false,
        fallback_chain: ['openapi_text_summarize', 'python_text_summarize'],
        attempts: [{ binding_id: 'openapi_text_summarize', status: 'success' }],
        resolution_plan: { selection_source: 'preference_policy', primary_binding_id: 'openapi_text_summarize' },
      });
      const seen = textHttp.requests.slice(before);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/summaries' });
      expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ body_text: NOTE, note: `Summarise: ${NOTE}` });
      expect(seen[0]?.headers['traceparent']).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    },
    BOUND_MS,
  );
});

describe('explain and the strict profile', () => {
  const strictGap = "profile 'standard' does not meet required 'strict'";

  it('explain(strict) marks the standard pythoncall binding ineligible and the strict openapi one eligible', () => {
    const summarize = capability('text.content.summarize');
    expect(byDefault.bindings.explain(summarize, 'strict')).toEqual({
      capability_id: 'text.content.summarize',
      selection_source: 'preference_policy',
      primary_binding_id: 'python_text_summarize',
      required_conformance_profile: 'strict',
      chain: [
        {
          binding_id: 'python_text_summarize',
          service_id: 'text_baseline',
          protocol: 'pythoncall',
          conformance_profile: 'standard',
          eligible: false,
          reason: strictGap,
        },
      ],
    });
    expect(openapiFirst.bindings.explain(summarize, 'strict')).toEqual({
      capability_id: 'text.content.summarize',
      selection_source: 'preference_policy',
      primary_binding_id: 'openapi_text_summarize',
      required_conformance_profile: 'strict',
      chain: [
        { binding_id: 'openapi_text_summarize', service_id: 'text_http', protocol: 'openapi', conformance_profile: 'strict', eligible: true, reason: 'eligible' },
        { binding_id: 'python_text_summarize', service_id: 'text_baseline', protocol: 'pythoncall', conformance_profile: 'standard', eligible: false, reason: strictGap },
      ],
    });
    // Without a requested profile every binding is eligible.
    expect(openapiFirst.bindings.explain(summarize).chain.map((entry) => entry.reason)).toEqual(['eligible', 'eligible']);
  });

  it(
    'a strict call fails 412 where no strict binding is in the chain, and runs where one is',
    async () => {
      const refused = byDefault.engine.executeCapability('text.content.summarize', { text: NOTE }, { requiredConformanceProfile: 'strict' });
      await expect(refused).rejects.toMatchObject({
        code: 'conformance_unmet',
        status: 412,
        details: { attempts: [{ binding_id: 'python_text_summarize', status: 'skipped', skip_reason: strictGap }] },
      });
      const strictRun = await openapiFirst.engine.runSkill(
        'text.note-digest',
        { note: NOTE },
        { requiredConformanceProfile: 'strict', includeTrace: true },
      ).catch((error: unknown) => error);
      // The skill's other steps have only standard bindings: the run fails 412 on one of them.
      expect(strictRun).toMatchObject({ code: 'conformance_unmet', status: 412 });

      const result = await openapiFirst.engine.executeCapability('text.content.summarize', { text: NOTE }, { requiredConformanceProfile: 'strict' });
      expect(result.outputs).toEqual({ summary: remoteSummary(NOTE) });
      expect(result.meta).toMatchObject({ binding_id: 'openapi_text_summarize', required_conformance_profile: 'strict', conformance_profile: 'strict' });
    },
    BOUND_MS,
  );
});
