import {
  AttachRequest,
  AttachResult,
  DiagnosticsReport,
  DiscoverRequest,
  DiscoverResult,
  GovernanceListing,
  GovernanceQuery,
  parseContract,
} from '@skill-service/contracts';
import type { SkillService } from '@skill-service/service';
import type { InflightRuns } from '../inflight-runs.js';
import { queryValues } from '../query-values.js';
import { adoptBodyTraceId, requestIncludeTrace } from '../request-trace.js';
import type { RouteDefinition } from '../route-definition.js';

/**
 * The catalog's routes besides list and describe: discover, governance, diagnostics and attach.
 * Mounted before the skill routes; their fixed second segment (`governance`, `diagnostics`,
 * `discover`) never reads as a `{skill_id}` because every skill route has a further segment.
 */
export function catalogRoutes(service: SkillService, inflight: InflightRuns): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/v1/skills/governance',
      operationId: 'skillGovernance',
      summary: 'Per skill: lifecycle state, deprecation, binding coverage per conformance profile, safety and quality flags',
      access: 'reader',
      query: GovernanceQuery,
      responses: { 200: { description: 'Skills at min_state or above (sorted by id), with a summary of all', schema: GovernanceListing } },
      errors: [400],
      handler: (req, res) => {
        res.json(service.governance(parseContract(GovernanceQuery, queryValues(req), 'query')));
      },
    },
    {
      method: 'get',
      path: '/v1/skills/diagnostics',
      operationId: 'skillDiagnostics',
      summary: 'Registry load diagnostics, counts, unbound capabilities, provider health, circuit breakers, operation counters, uptime',
      access: 'reader',
      responses: { 200: { description: 'The diagnostics (no filesystem paths)', schema: DiagnosticsReport } },
      errors: [],
      handler: async (_req, res) => {
        res.json(await service.diagnostics());
      },
    },
    {
      method: 'post',
      path: '/v1/skills/discover',
      operationId: 'discoverSkills',
      summary: 'Skills ranked for an intent: BM25 text match, metadata signals and this process’s execution history',
      access: 'reader',
      body: DiscoverRequest,
      responses: {
        200: {
          description: 'Candidates best first, each with score, reason, reason_codes, score_breakdown and evidence; empty when nothing matches',
          schema: DiscoverResult,
        },
      },
      errors: [400],
      handler: (req, res) => {
        res.json(service.discoverSkills(parseContract(DiscoverRequest, req.body, 'discover request')));
      },
    },
    {
      method: 'post',
      path: '/v1/skills/{skill_id}/attach',
      operationId: 'attachSkill',
      summary: 'Execute an attachable skill against a run, output, transcript, artifact or task of this process',
      access: 'executor',
      body: AttachRequest,
      responses: {
        200: {
          description: 'The execution (as execute answers it) with the attach context; a failed execution is answered as execute’s error',
          schema: AttachResult,
        },
      },
      errors: [400, 403, 404, 409, 412, 428, 502, 503, 504],
      handler: async (req, res) => {
        const request = parseContract(AttachRequest, req.body, 'attach request');
        const traceId = adoptBodyTraceId(res, request.trace_id);
        requestIncludeTrace(res, request.include_trace);
        const signal = inflight.signalFor(res);
        // The service sets the channel to attach:<target_type>.
        res.json(await service.attachSkill(String(req.params['skill_id']), request, { traceId, channel: 'http', signal }));
      },
    },
  ];
}
