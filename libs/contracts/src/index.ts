/**
 * @skill-service/contracts — the shared language of the Skill Execution Service.
 *
 * Zod schemas and inferred types for every resource of the HTTP contract and the registry file
 * formats, their JSON Schemas, and the error taxonomy with the one mapping from an error to the
 * contract's error payload (used by HTTP and the tool bridge alike). No I/O, no environment.
 */
export * from './attach.js';
export * from './binding-definition.js';
export * from './capability-definition.js';
export * from './capability-invoker.js';
export * from './diagnostics.js';
export * from './discover.js';
export * from './error-payload.js';
export { MAX_MESSAGE_LENGTH, sanitizeMessage } from './sanitize-message.js';
export * from './error-taxonomy.js';
export * from './execute-request.js';
export * from './execution-options.js';
export * from './execution-result.js';
export * from './field-spec.js';
export * from './field-specs-json-schema.js';
export * from './governance.js';
export * from './identity.js';
export * from './json-schemas.js';
export * from './parse-contract.js';
export * from './query-parameters.js';
export * from './run-record.js';
export * from './service-descriptor.js';
export * from './service-error.js';
export * from './skill-definition.js';
export * from './skill-description.js';
export * from './skill-list.js';
export * from './skill-summary.js';
export * from './stream-event.js';
export * from './webhook.js';
export * from './webhook-secret.js';
