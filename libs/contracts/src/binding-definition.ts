import { z } from 'zod';
import { ConformanceProfile } from './execution-options.js';
import { ProviderProtocol } from './service-descriptor.js';

export const BindingOrigin = z.enum(['official', 'local', 'candidate']);
export type BindingOrigin = z.infer<typeof BindingOrigin>;

/**
 * How a capability is invoked on a service. `service` names a service descriptor, or for
 * `pythoncall` may name a module directly. `request`/`response` are the mapping templates.
 */
export const BindingDefinition = z
  .object({
    id: z.string().min(1),
    capability: z.string().min(1),
    service: z.string().min(1),
    protocol: ProviderProtocol,
    operation: z.string().min(1),
    request: z.record(z.string(), z.unknown()).optional(),
    response: z.record(z.string(), z.unknown()).optional(),
    status: z.string().optional(),
    origin: BindingOrigin.default('official'),
    conformance_profile: ConformanceProfile.default('standard'),
    fallback_binding_id: z.string().min(1).optional(),
    metadata: z.record(z.string(), z.unknown()).default({}),
  })
  .meta({ id: 'BindingDefinition' });
export type BindingDefinition = z.infer<typeof BindingDefinition>;

/** Which binding a capability uses by default, and which the operator pinned locally. */
export const SelectionPolicy = z
  .object({
    defaults: z.record(z.string(), z.string()).default({}),
    active: z.record(z.string(), z.string()).default({}),
    /** Ordered preference: protocol names or service ids tried before the official default. */
    prefer: z.array(z.string().min(1)).default([]),
  })
  .meta({ id: 'SelectionPolicy' });
export type SelectionPolicy = z.infer<typeof SelectionPolicy>;
