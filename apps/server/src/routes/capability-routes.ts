import {
  CapabilityExecuteRequest,
  CapabilityExecutionResult,
  CapabilityExplainRequest,
  ResolutionPlan,
  parseContract,
} from '@skill-service/contracts';
import type { SkillService } from '@skill-service/service';
import type { Request } from 'express';
import type { InflightRuns } from '../inflight-runs.js';
import { adoptBodyTraceId } from '../request-trace.js';
import type { RouteDefinition } from '../route-definition.js';

const capabilityId = (req: Request): string => String(req.params['capability_id']);

export function capabilityRoutes(service: SkillService, inflight: InflightRuns): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/v1/capabilities/{capability_id}/execute',
      operationId: 'executeCapability',
      summary: 'Execute one capability directly through its bindings',
      access: 'executor',
      body: CapabilityExecuteRequest,
      responses: { 200: { description: 'The capability answered', schema: CapabilityExecutionResult } },
      errors: [400, 403, 404, 409, 412, 422, 428, 502, 503, 504],
      idempotency: 'conflict',
      handler: async (req, res) => {
        const request = parseContract(CapabilityExecuteRequest, req.body, 'capability execute request');
        const traceId = adoptBodyTraceId(res, request.trace_id);
        const signal = inflight.signalFor(res);
        res.json(await service.executeCapability(capabilityId(req), request, { traceId, channel: 'http', signal }));
      },
    },
    {
      method: 'post',
      path: '/v1/capabilities/{capability_id}/explain',
      operationId: 'explainCapability',
      summary: 'How the capability resolves to a binding (nothing is invoked)',
      access: 'executor',
      body: CapabilityExplainRequest,
      responses: { 200: { description: 'The resolution plan', schema: ResolutionPlan } },
      errors: [400, 404],
      handler: (req, res) => {
        res.json(service.explainCapability(capabilityId(req), parseContract(CapabilityExplainRequest, req.body, 'explain request')));
      },
    },
  ];
}
