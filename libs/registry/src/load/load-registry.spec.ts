import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { loadRegistry } from './load-registry.js';
import type { Registry } from '../registry.js';

const fixture = join(import.meta.dirname, '..', 'test-fixtures', 'original-layout');
const registryRoot = join(fixture, 'registry');
const runtimeRoot = join(fixture, 'runtime');

const field = (type: string, required: boolean, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type, required, ...extra });

describe('loadRegistry on a tree in the registry layout', () => {
  let registry: Registry;
  const load = async (): Promise<Registry> => (registry ??= await loadRegistry({ registryRoot, runtimeRoot }));

  it('loads every file, serving every skill and capability; the duplicate tags key is the one warning', async () => {
    const { diagnostics, rejectedSkills, capabilities, bindingsByCapability } = await load();
    expect(diagnostics).toEqual([
      {
        root: 'registry',
        file: 'capabilities/text.keyword.extract.yaml',
        path: 'metadata.tags',
        code: 'duplicate_key',
        severity: 'warning',
        message: 'key "metadata.tags" is written twice (lines 13 and 15); the last value (line 15) is used',
      },
    ]);
    expect([...rejectedSkills.keys()]).toEqual([]);
    expect([...capabilities.keys()].filter((id) => (bindingsByCapability.get(id) ?? []).length === 0)).toEqual([]);
  });

  it('reads skills from exactly three levels, local ones first, ignoring skills/TEMPLATE', async () => {
    const { skills } = await load();
    expect([...skills.keys()]).toEqual(['research.quick-scan', 'text.keyword-summary', 'text.routed-digest', 'text.triage-notes']);
  });

  it('folds config-style execution options into the canonical step', async () => {
    const { skills } = await load();
    expect(skills.get('text.triage-notes')).toEqual({
      channel: 'official',
      domain: 'text',
      slug: 'triage-notes',
      file: 'skills/official/text/triage-notes/skill.yaml',
      definition: {
        id: 'text.triage-notes',
        version: '0.2.0',
        name: 'Triage notes',
        description: 'Detect the language, summarise, and optionally extract keywords.',
        inputs: {
          note: field('string', true, { description: 'The note to triage.' }),
          want_tags: field('boolean', false, { default: false }),
        },
        outputs: { digest: field('string', true), language: field('string', true), tags: field('array', false) },
        steps: [
          {
            id: 'lang',
            uses: 'text.language.detect',
            input: { text: 'inputs.note' },
            output: { language: 'outputs.language' },
            depends_on: [],
            merge_strategy: 'overwrite',
          },
          {
            id: 'tags',
            uses: 'text.keyword.extract',
            input: { text: 'inputs.note', max_keywords: 5 },
            output: { keywords: 'outputs.tags' },
            condition: 'inputs.want_tags == true',
            retry: { max_attempts: 2, backoff_seconds: 0.5, backoff_multiplier: 2 },
            merge_strategy: 'overwrite',
          },
          {
            id: 'digest',
            uses: 'text.content.summarize',
            input: { text: 'inputs.note', max_length: 40, language: 'outputs.language' },
            output: { summary: 'outputs.digest' },
            depends_on: ['lang'],
            timeout_seconds: 20,
            merge_strategy: 'replace',
          },
        ],
        metadata: {
          status: 'stable',
          tags: ['text', 'triage'],
          classification: { role: 'procedure', invocation: 'direct', effect_mode: 'enrich' },
          examples: [{ description: 'A short note.', input: { note: 'Meeting moved to Friday.' } }],
        },
      },
    });
  });

  it('reads step-level options and input_mapping / output_mapping; retry: {} takes the defaults', async () => {
    const { skills } = await load();
    expect(skills.get('text.keyword-summary')).toEqual({
      channel: 'official',
      domain: 'text',
      slug: 'keyword-summary',
      file: 'skills/official/text/keyword-summary/skill.yaml',
      definition: {
        id: 'text.keyword-summary',
        version: '1.0.0',
        name: 'Keyword summary',
        description: 'Summarise a passage around its keywords.',
        inputs: { text: field('string', true) },
        outputs: { summary: field('string', true) },
        steps: [
          {
            id: 'keywords',
            uses: 'text.keyword.extract',
            input: { text: 'inputs.text' },
            output: { keywords: 'vars.keywords' },
            timeout_seconds: 15,
            retry: { max_attempts: 3, backoff_seconds: 1, backoff_multiplier: 2 },
            merge_strategy: 'overwrite',
          },
          {
            id: 'summary',
            uses: 'text.content.summarize',
            input: { text: 'inputs.text', focus: 'vars.keywords', style: { literal: 'output.brief' } },
            output: { summary: 'outputs.summary' },
            depends_on: ['keywords'],
            condition: 'vars.keywords != null',
            merge_strategy: 'overwrite',
          },
        ],
        metadata: { status: 'stable' },
      },
    });
  });

  it('reads a nested skill step and a router with an unquoted on: key', async () => {
    const { skills } = await load();
    expect(skills.get('text.routed-digest')).toEqual({
      channel: 'official',
      domain: 'text',
      slug: 'routed-digest',
      file: 'skills/official/text/routed-digest/skill.yaml',
      definition: {
        id: 'text.routed-digest',
        version: '0.1.0',
        name: 'Routed digest',
        description: 'Route a passage by language, then summarise it around its keywords.',
        inputs: { text: field('string', true) },
        outputs: { digest: field('string', true), routed: field('string', false) },
        steps: [
          {
            id: 'detect',
            uses: 'text.language.detect',
            input: { text: 'inputs.text' },
            output: { language: 'vars.language' },
            merge_strategy: 'overwrite',
          },
          {
            id: 'route',
            uses: 'text.content.summarize',
            input: { text: 'inputs.text' },
            output: { summary: 'outputs.routed' },
            router: {
              on: 'vars.language',
              cases: { en: 'text.content.summarize', es: 'text.content.categorize' },
              default: 'text.content.summarize',
            },
            merge_strategy: 'overwrite',
          },
          {
            id: 'nested',
            uses: 'skill:text.keyword-summary',
            input: { text: 'inputs.text' },
            output: { summary: 'outputs.digest' },
            depends_on: ['route'],
            merge_strategy: 'overwrite',
          },
        ],
        metadata: { status: 'experimental', tags: ['text'] },
      },
    });
  });

  it('reads an experimental skill with foreach and scatter', async () => {
    const { skills } = await load();
    expect(skills.get('research.quick-scan')).toEqual({
      channel: 'experimental',
      domain: 'research',
      slug: 'quick-scan',
      file: 'skills/experimental/research/quick-scan/skill.yaml',
      definition: {
        id: 'research.quick-scan',
        version: '0.0.1',
        name: 'Quick scan',
        description: 'Extract keywords per document, then summarise with whichever provider answers first.',
        inputs: { documents: field('array', true) },
        outputs: { summary: field('string', true) },
        steps: [
          {
            id: 'scan',
            uses: 'text.keyword.extract',
            input: { text: 'vars.doc', position: 'vars.position' },
            output: { keywords: 'vars.keyword_lists' },
            foreach: { items: 'inputs.documents', as: 'doc', index_as: 'position' },
            merge_strategy: 'overwrite',
          },
          {
            id: 'fanout',
            uses: 'text.content.summarize',
            input: { text: 'inputs.documents', focus: 'vars.keyword_lists' },
            output: { summary: 'outputs.summary' },
            scatter: { capabilities: ['text.content.summarize', 'text.content.categorize'], merge: 'first_success' },
            merge_strategy: 'overwrite',
          },
        ],
        metadata: { status: 'draft' },
      },
    });
  });

  it('reads capabilities, skipping _index.yaml', async () => {
    const { capabilities } = await load();
    expect([...capabilities.keys()]).toEqual([
      'audit.event.record',
      'email.message.send',
      'security.pii.detect',
      'text.content.categorize',
      'text.content.classify',
      'text.content.summarize',
      'text.keyword.extract',
      'text.language.detect',
    ]);
    expect(capabilities.get('text.content.summarize')).toEqual({
      file: 'capabilities/text.content.summarize.yaml',
      origin: 'registry',
      definition: {
        id: 'text.content.summarize',
        version: '1.2.0',
        description: 'Summarise a passage into a short text.',
        inputs: {
          text: field('string', true, { description: 'Passage to summarise.' }),
          max_length: field('integer', false, { description: 'Upper bound in words.' }),
          language: field('string', false),
          focus: field('array', false),
          style: field('string', false),
        },
        outputs: { summary: field('string', true, { description: 'The summary.' }) },
        properties: { deterministic: false, side_effects: false, idempotent: true },
        metadata: { status: 'stable', tags: ['text', 'summary'] },
        cognitive_hints: { role: 'synthesize', produces: { summary: { type: 'Summary' } } },
        deprecated: false,
      },
    });
    expect(capabilities.get('text.keyword.extract')?.definition).toEqual({
      id: 'text.keyword.extract',
      version: '1.1.0',
      description: 'Extract keywords from a passage.',
      inputs: { text: field('string', true), max_keywords: field('integer', false, { default: 10 }) },
      outputs: { keywords: field('array', true) },
      properties: {},
      metadata: { tags: ['text', 'keywords'], status: 'stable' },
      deprecated: false,
      aliases: ['text.keywords'],
      requires: ['text.language.detect'],
    });
  });

  it('normalises safety gates written as a bare id or as {capability, on_fail}', async () => {
    const { capabilities } = await load();
    expect(capabilities.get('email.message.send')?.definition).toEqual({
      id: 'email.message.send',
      version: '1.0.0',
      description: 'Send an email message.',
      inputs: { to: field('string', true), subject: field('string', true), body: field('string', true) },
      outputs: { message_id: field('string', true) },
      properties: { deterministic: false, side_effects: true, idempotent: false },
      metadata: {},
      safety: {
        trust_level: 'elevated',
        requires_confirmation: true,
        data_classification: 'personal',
        mandatory_pre_gates: [
          { capability: 'security.pii.detect', on_fail: 'block' },
          { capability: 'audit.event.record', on_fail: 'warn' },
        ],
        mandatory_post_gates: [{ capability: 'audit.event.record', on_fail: 'degrade' }],
      },
      deprecated: false,
    });
    expect(capabilities.get('text.language.detect')?.definition.safety).toEqual({
      trust_level: 'sandbox',
      requires_confirmation: false,
      mandatory_pre_gates: [],
      mandatory_post_gates: [],
    });
  });

  it('reads deprecation from metadata.status, with its replacement', async () => {
    const { capabilities } = await load();
    expect(capabilities.get('text.content.classify')).toEqual({
      file: 'capabilities/text.content.classify.yaml',
      origin: 'registry',
      definition: {
        id: 'text.content.classify',
        version: '0.9.0',
        description: 'Classify a passage into one label (superseded).',
        inputs: { text: field('string', true) },
        outputs: { label: field('string', true) },
        properties: {},
        metadata: { status: 'deprecated', deprecation_date: '2026-01-01' },
        deprecated: true,
        replacement: 'text.content.categorize',
      },
    });
  });

  it('reads services in every spelling (type/kind/protocol, baseUrl, timeout, spec.path, metadata.headers)', async () => {
    const { services } = await load();
    expect([...services.keys()]).toEqual(['baseline_mcp', 'nlp_http', 'rpc_tools', 'text_baseline', 'local_mcp']);
    expect(services.get('nlp_http')).toEqual({
      id: 'nlp_http',
      protocol: 'openapi',
      base_url: 'https://nlp.example.test/v2',
      timeout_seconds: 20,
      spec_path: 'specs/nlp.yaml',
      auth: { type: 'bearer', token: '${NLP_TOKEN}' },
      headers: { 'X-Team': 'docs', 'X-Client': 'skill-service' },
      status: 'pilot',
      args: [],
      metadata: { headers: { 'X-Team': 'docs', 'X-Client': 'overridden-by-top-level' }, provider: 'example' },
    });
    expect(services.get('rpc_tools')).toEqual({
      id: 'rpc_tools',
      protocol: 'openrpc',
      base_url: 'https://rpc.example.test',
      timeout_seconds: 15,
      spec_path: 'specs/rpc.json',
      auth: { type: 'api_key', token: '${RPC_KEY}', header: 'X-Api-Key' },
      headers: {},
      args: [],
      metadata: {},
    });
    expect(services.get('text_baseline')).toEqual({
      id: 'text_baseline',
      protocol: 'pythoncall',
      module: 'official_services.text_baseline',
      timeout_seconds: 30,
      headers: {},
      args: [],
      metadata: { timeout_seconds: 30, notes: 'Deterministic offline baselines.' },
    });
    expect(services.get('baseline_mcp')).toEqual({ id: 'baseline_mcp', protocol: 'mcp', server: 'baselines', headers: {}, args: [], metadata: {} });
    expect(services.get('local_mcp')).toEqual({
      id: 'local_mcp',
      protocol: 'mcp',
      command: 'node',
      args: ['tools/local-mcp.mjs'],
      headers: {},
      metadata: {},
    });
  });

  it('reads bindings of all four protocols, with their origin from the folder', async () => {
    const { bindings } = await load();
    expect(bindings.get('python_text_summarize')).toEqual({
      id: 'python_text_summarize',
      capability: 'text.content.summarize',
      service: 'official_services.text_baseline',
      protocol: 'pythoncall',
      operation: 'summarize_text',
      request: { text: 'input.text', max_length: 'input.max_length' },
      response: { summary: 'response.summary' },
      origin: 'official',
      conformance_profile: 'standard',
      metadata: {},
    });
    expect(bindings.get('python_text_language_detect')).toEqual({
      id: 'python_text_language_detect',
      capability: 'text.language.detect',
      service: 'text_baseline',
      protocol: 'pythoncall',
      operation: 'detect_language',
      request: { text: 'input.text' },
      response: { language: 'response.language', confidence: 'response.confidence' },
      origin: 'official',
      conformance_profile: 'standard',
      metadata: {},
    });
    expect(bindings.get('openapi_text_summarize')).toEqual({
      id: 'openapi_text_summarize',
      capability: 'text.content.summarize',
      service: 'nlp_http',
      protocol: 'openapi',
      operation: 'summaries',
      request: { body_text: 'input.text', note: 'Summarise: ${input.text}' },
      response: { summary: 'response.result.text' },
      status: 'pilot',
      origin: 'official',
      conformance_profile: 'strict',
      fallback_binding_id: 'python_text_summarize',
      metadata: { method: 'POST', fallback_binding_id: 'python_text_summarize', conformance_profile: 'strict' },
    });
    expect(bindings.get('mcp_text_keyword_extract')).toEqual({
      id: 'mcp_text_keyword_extract',
      capability: 'text.keyword.extract',
      service: 'baseline_mcp',
      protocol: 'mcp',
      operation: 'extract_keywords',
      request: { text: 'input.text' },
      response: { keywords: 'response.keywords' },
      origin: 'official',
      conformance_profile: 'standard',
      metadata: {},
    });
    expect(bindings.get('rpc_text_categorize')).toEqual({
      id: 'rpc_text_categorize',
      capability: 'text.content.categorize',
      service: 'rpc_tools',
      protocol: 'openrpc',
      operation: 'categorize',
      request: { text: 'input.text' },
      response: { categories: 'response.categories' },
      origin: 'official',
      conformance_profile: 'standard',
      metadata: {},
    });
    expect(bindings.get('python_pii_detect')?.conformance_profile).toBe('experimental');
    expect(bindings.get('local_keyword_extract')).toEqual({
      id: 'local_keyword_extract',
      capability: 'text.keyword.extract',
      service: 'local_mcp',
      protocol: 'mcp',
      operation: 'keywords',
      request: { text: 'input.text' },
      response: { keywords: 'response.keywords' },
      origin: 'local',
      conformance_profile: 'standard',
      fallback_binding_id: 'mcp_text_keyword_extract',
      metadata: { fallback_binding_id: 'mcp_text_keyword_extract' },
    });
    expect(bindings.get('candidate_text_summarize')).toEqual({
      id: 'candidate_text_summarize',
      capability: 'text.content.summarize',
      service: 'nlp_http',
      protocol: 'openapi',
      operation: 'v3/summaries',
      request: { text: 'input.text' },
      response: { summary: 'response.summary' },
      origin: 'candidate',
      conformance_profile: 'experimental',
      metadata: {},
    });
  });

  it('groups bindings by capability in load order (official, local, candidate; sorted paths)', async () => {
    const { bindingsByCapability } = await load();
    const ids = Object.fromEntries([...bindingsByCapability].map(([capability, list]) => [capability, list.map((binding) => binding.id)]));
    expect(ids).toEqual({
      'audit.event.record': ['python_audit_record'],
      'email.message.send': ['python_email_send'],
      'security.pii.detect': ['python_pii_detect'],
      'text.content.classify': ['python_text_classify'],
      'text.content.categorize': ['rpc_text_categorize'],
      'text.content.summarize': ['openapi_text_summarize', 'python_text_summarize', 'candidate_text_summarize'],
      'text.keyword.extract': ['mcp_text_keyword_extract', 'local_keyword_extract'],
      'text.language.detect': ['python_text_language_detect'],
    });
  });

  it('builds the policy from the policy file, active_bindings.json and overrides.yaml', async () => {
    const { policy } = await load();
    expect(policy).toEqual({
      defaults: {
        'text.content.summarize': 'python_text_summarize',
        'text.language.detect': 'python_text_language_detect',
        'text.keyword.extract': 'mcp_text_keyword_extract',
      },
      active: { 'text.keyword.extract': 'local_keyword_extract', 'text.content.summarize': 'candidate_text_summarize' },
      prefer: ['pythoncall', 'nlp_http'],
    });
  });

  it('loads nothing from a runtime root that is not given', async () => {
    const alone = await loadRegistry({ registryRoot });
    expect(alone.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['duplicate_key']);
    expect(alone.skills.size).toBe(4);
    expect(alone.capabilities.size).toBe(8);
    expect([alone.services.size, alone.bindings.size, alone.bindingsByCapability.size]).toEqual([0, 0, 0]);
    expect(alone.policy).toEqual({ defaults: {}, active: {}, prefer: [] });
  });
});
