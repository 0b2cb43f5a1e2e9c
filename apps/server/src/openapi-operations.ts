/** What /openapi.json says of an operation besides its contract: where it is grouped, what it does, a request to copy. */
export interface OperationDocs {
  readonly tag: OperationTag;
  readonly description: string;
  /** A request body that the route accepts (POST routes); checked against the body schema by the linter and the specs. */
  readonly example?: unknown;
}

/** The groups of the API description, in reading order. */
export const OPERATION_TAGS = {
  Service: 'Health and this API description.',
  Skills: 'Finding and describing skills: list, describe, discover, governance, diagnostics.',
  Execution: 'Running a skill: synchronously, as a Server-Sent Events stream, as a tracked async run, or attached to a target.',
  Capabilities: 'Running one capability directly, and explaining which binding would serve it.',
  Runs: 'Async runs started by POST /v1/skills/{skill_id}/execute/async.',
  Webhooks: 'Subscriptions that receive signed event deliveries, and the queue of deliveries that failed.',
  Metrics: 'The service metrics, as JSON and in the Prometheus text format.',
} as const;
export type OperationTag = keyof typeof OPERATION_TAGS;

const EXECUTE_EXAMPLE = { inputs: { text: 'The quick brown fox jumps over the lazy dog.' } };

/**
 * The prose of each operation, by operationId. The API description spec checks that every
 * mounted route has an entry here, so a new route cannot be published undescribed.
 */
export const OPERATION_DOCS: Readonly<Record<string, OperationDocs>> = {
  getHealth: {
    tag: 'Service',
    description:
      'Answers `ok` with the version and uptime while the process serves. With `deep=true` it also checks each subsystem ' +
      '(registry, providers, Python workers, MCP servers, runs, webhooks) and answers 503 when a critical one failed.',
  },
  getApiReference: {
    tag: 'Service',
    description: 'An interactive reference of this API: the page renders /openapi.json in the browser with Redoc, served from this server (nothing from elsewhere).',
  },
  getApiReferenceRenderer: {
    tag: 'Service',
    description: 'The Redoc bundle the API reference page loads, served from this server so the page needs no CDN.',
  },
  getOpenApiDocument: {
    tag: 'Service',
    description:
      'This OpenAPI 3.1 document, generated from the same contracts the routes validate with. `servers` names this service ' +
      '(`SERVICE_PUBLIC_URL`, else the address the request came to). With `skills=expand` it adds, for every skill, ' +
      'its own execute, stream and async operations typed with that skill\u2019s inputs and outputs.',
  },
  listSkills: {
    tag: 'Skills',
    description: 'One page of skills sorted by id. Filters match exactly (domain, role, status, invocation); `offset` and `limit` page through the rest.',
  },
  describeSkill: {
    tag: 'Skills',
    description: 'A skill\u2019s declared inputs and outputs, its steps, classification, lifecycle status, and whether it is deprecated in favour of another.',
  },
  skillGovernance: {
    tag: 'Skills',
    description: 'Per skill, its lifecycle state, deprecation, how many of its capabilities have a binding for each conformance profile, and safety and quality flags.',
  },
  skillDiagnostics: {
    tag: 'Skills',
    description: 'What loading the registry found (files refused and why, without filesystem paths), counts, unbound capabilities, provider health and circuit breakers.',
  },
  discoverSkills: {
    tag: 'Skills',
    description: 'Ranks skills for a free-text intent. The ranking is heuristic: read `reason` and `score_breakdown`, and do not rely on the first result alone.',
    example: { intent: 'find the language of a text', limit: 5 },
  },
  executeSkill: {
    tag: 'Execution',
    description:
      'Runs the skill and answers its result once every step has finished. Inputs are checked against the skill\u2019s declared inputs first ' +
      '(400 listing every bad field); a failing step answers the status of its root cause (timeouts 504, provider failures 502).',
    example: EXECUTE_EXAMPLE,
  },
  streamSkill: {
    tag: 'Execution',
    description:
      'Runs the skill and streams its events as Server-Sent Events, ending with `done`, which carries what execute would have answered. ' +
      'A request that fails validation is answered with a JSON error instead; closing the connection cancels the remaining steps, ' +
      'unless the body says `"on_disconnect": "continue"`: then the run finishes anyway. Either way the execution is recorded as a run ' +
      '(the `X-Run-Id` header): its outcome at GET /v1/runs/{run_id}, its events, with the ids of this stream, at GET /v1/runs/{run_id}/events.',
    example: EXECUTE_EXAMPLE,
  },
  launchSkillRun: {
    tag: 'Execution',
    description: 'Checks the skill and its inputs, queues a run and answers 202 with its id at once; poll GET /v1/runs/{run_id} for the outcome.',
    example: EXECUTE_EXAMPLE,
  },
  attachSkill: {
    tag: 'Execution',
    description: 'Runs an attachable skill against a run, output, transcript, artifact or task known to this process, and answers the execution with the attach context.',
    example: { target_type: 'run', target_ref: '7f1c2a9e-5b0d-4c3e-9a8f-2d6b1e0c4a7f', inputs: {} },
  },
  executeCapability: {
    tag: 'Capabilities',
    description: 'Invokes one capability through the binding it resolves to (explain shows which) and answers its outputs.',
    example: { inputs: { text: 'hello' } },
  },
  explainCapability: {
    tag: 'Capabilities',
    description: 'Shows how the capability would resolve to a binding for a conformance profile, and why each candidate was taken or passed over; nothing is invoked.',
    example: { required_conformance_profile: 'standard' },
  },
  listRuns: {
    tag: 'Runs',
    description: 'The most recent async runs, newest first, at most `limit`. Runs are kept up to a cap; the oldest go first.',
  },
  getRun: {
    tag: 'Runs',
    description: 'One async run: `running`, then `completed` with its result or `failed` with a message naming the failed step.',
  },
  createWebhook: {
    tag: 'Webhooks',
    description:
      'Subscribes a URL to events. With a `secret`, every delivery is signed: `X-Webhook-Signature` and the Standard Webhooks headers. ' +
      'The URL must be http or https and allowed by the outbound guard; at most 100 subscriptions per deployment.',
    example: { url: 'https://hooks.example.com/skills', events: ['skill.completed', 'run.failed'], secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
  },
  listWebhooks: { tag: 'Webhooks', description: 'Every subscription in creation order; secrets are never answered.' },
  listWebhookDeadLetters: {
    tag: 'Webhooks',
    description: 'Deliveries that failed every attempt (the first and three retries after 2, 4 and 8 seconds), oldest first, with the last error of each.',
  },
  replayWebhookDeadLetter: {
    tag: 'Webhooks',
    description:
      'Queues a dead letter for delivery again to its subscription with its original `webhook-id`, so receivers can de-duplicate; ' +
      'it leaves the queue, and comes back with the same id if every attempt fails again.',
    example: {},
  },
  deleteWebhook: { tag: 'Webhooks', description: 'Removes a subscription; no further events are delivered to it.' },
  getMetrics: { tag: 'Metrics', description: 'Every metric family of the service registry with its samples, as JSON.' },
  getPrometheusMetrics: { tag: 'Metrics', description: 'The same metrics in the Prometheus text exposition format, for a scraper.' },
  cancelRun: {
    tag: 'Runs',
    description:
      'Cancels a running async run wherever it waits or executes: no further step starts, provider calls in flight are aborted, and the run ' +
      'fails with the error `Run cancelled` (`run.failed` fires). An operator may cancel any run, an executor only the runs it launched (403 ' +
      'otherwise). A finished run, a second cancel included, answers 409 `run_finished`; an unknown run 404. Of concurrent cancels exactly one wins.',
    example: {},
  },
  streamRunEvents: {
    tag: 'Runs',
    description:
      'A run\u2019s events (async runs, and streams recorded as runs: see the `X-Run-Id` header of execute/stream) as Server-Sent Events, each ' +
      'with the run\u2019s own `id:` from 1: replayed from the first, then live until `done`; a finished run is replayed to its `done` and the ' +
      'answer ends. `Last-Event-ID` (or `last_event_id`) resumes right after that id, with no gap and no duplicate. Any process of a ' +
      'deployment sharing its state on Redis serves any run. A log keeps at most 10,000 events per run (past it only `done`) and goes ' +
      'with its run when the run is evicted.',
  },
};
