import { z } from 'zod';
import { AttachRequest, AttachResult } from './attach.js';
import { BindingDefinition, SelectionPolicy } from './binding-definition.js';
import { CapabilityDefinition } from './capability-definition.js';
import { DiagnosticsReport, MetricsReset } from './diagnostics.js';
import { DiscoverRequest, DiscoverResult } from './discover.js';
import { ErrorPayload } from './error-payload.js';
import { CapabilityExecuteRequest, CapabilityExplainRequest, SkillAsyncRequest, SkillExecuteRequest, SkillStreamRequest } from './execute-request.js';
import { CapabilityExecutionResult, ExecutionResult, ResolutionPlan } from './execution-result.js';
import { GovernanceListing } from './governance.js';
import { Identity } from './identity.js';
import { RunLaunch, RunList, RunRecord } from './run-record.js';
import { ServiceDescriptor } from './service-descriptor.js';
import { SkillDefinition } from './skill-definition.js';
import { SkillDescription } from './skill-description.js';
import { SkillList } from './skill-list.js';
import { SkillSummary } from './skill-summary.js';
import { StepCompletedData, StepFailedData, StreamEvent } from './stream-event.js';
import {
  DeadLetter,
  WebhookDeliveryPayload,
  WebhookSubscription,
  WebhookSubscriptionList,
  WebhookSubscriptionRequest,
} from './webhook.js';

/** Every named resource of the contract, for the OpenAPI document and the bridge's tool schemas. */
export const CONTRACT_SCHEMAS = {
  SkillExecuteRequest,
  SkillStreamRequest,
  SkillAsyncRequest,
  CapabilityExecuteRequest,
  CapabilityExplainRequest,
  ExecutionResult,
  CapabilityExecutionResult,
  ResolutionPlan,
  RunLaunch,
  RunRecord,
  RunList,
  SkillSummary,
  SkillList,
  SkillDescription,
  DiscoverRequest,
  DiscoverResult,
  GovernanceListing,
  DiagnosticsReport,
  MetricsReset,
  AttachRequest,
  AttachResult,
  WebhookSubscriptionRequest,
  WebhookSubscription,
  WebhookSubscriptionList,
  WebhookDeliveryPayload,
  DeadLetter,
  StreamEvent,
  StepCompletedData,
  StepFailedData,
  ErrorPayload,
  Identity,
  ServiceDescriptor,
  BindingDefinition,
  SelectionPolicy,
  SkillDefinition,
  CapabilityDefinition,
} satisfies Record<string, z.ZodType>;

export type ContractSchemaName = keyof typeof CONTRACT_SCHEMAS;

export type JsonSchema = Record<string, unknown>;

const cache = new Map<string, JsonSchema>();

/**
 * The JSON Schema (draft 2020-12) of a contract resource. `input` describes what a client may
 * send (defaults optional), `output` what the service answers (defaults filled in).
 */
export function jsonSchemaFor(name: ContractSchemaName, io: 'input' | 'output' = 'output'): JsonSchema {
  const key = `${name}:${io}`;
  let schema = cache.get(key);
  if (schema === undefined) {
    schema = z.toJSONSchema(CONTRACT_SCHEMAS[name], { io, target: 'draft-2020-12' }) as JsonSchema;
    cache.set(key, schema);
  }
  return schema;
}
