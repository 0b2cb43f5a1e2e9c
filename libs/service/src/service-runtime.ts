import { FileAuditStore } from '@skill-service/audit-store';
import { BindingExecutor, CircuitBreaker, type ProtocolProvider } from '@skill-service/bindings';
import { HashChainAuditRecorder, SkillEngine } from '@skill-service/engine';
import { GuardedHttpClient, OutboundGuard } from '@skill-service/outbound-guard';
import { loadRegistry, type Registry } from '@skill-service/registry';
import { createProviders } from './create-providers.js';
import { registryDefinitions } from './registry-definitions.js';
import type { ServiceConfig } from './service-config.js';
import type { ServiceObserver } from './service-observer.js';

/** The wired core of the service: what every transport executes against. */
export interface ServiceRuntime {
  readonly config: ServiceConfig;
  readonly registry: Registry;
  readonly engine: SkillEngine;
  readonly bindings: BindingExecutor;
  readonly breaker: CircuitBreaker;
  readonly providers: readonly ProtocolProvider[];
  readonly guard: OutboundGuard;
  readonly http: GuardedHttpClient;
  /** Stops worker processes, MCP servers and keep-alive sockets. */
  close(): Promise<void>;
}

/**
 * Loads the registry and wires providers → bindings → engine (the composition root); the observer
 * hears of binding fallbacks and circuits opening.
 */
export async function createServiceRuntime(config: ServiceConfig, observer?: ServiceObserver): Promise<ServiceRuntime> {
  const registry = await loadRegistry({ registryRoot: config.registryRoot, runtimeRoot: config.runtimeRoot });
  const guard = new OutboundGuard({ allow: [...config.outboundAllow] });
  const http = new GuardedHttpClient({ guard });
  const providers = createProviders(config, guard, http);
  const breaker = new CircuitBreaker({
    onOpen: (serviceId) => {
      config.log({ level: 'warn', message: `circuit opened for service ${serviceId}`, service_id: serviceId });
      observer?.circuitOpened?.(serviceId);
    },
  });
  const bindings = new BindingExecutor({
    catalog: registry,
    providers,
    breaker,
    ...(config.bindingPreference === undefined ? {} : { preference: config.bindingPreference }),
    ...(observer?.bindingFallback === undefined ? {} : { observer: { fallback: observer.bindingFallback.bind(observer) } }),
  });
  const audit =
    config.auditPath === undefined
      ? undefined
      : new HashChainAuditRecorder({
          store: new FileAuditStore(config.auditPath),
          onError: (error) => config.log({ level: 'error', message: `audit record not written: ${String(error)}` }),
        });
  const engine = new SkillEngine({
    definitions: registryDefinitions(() => registry),
    invoker: bindings,
    ...(audit === undefined ? {} : { audit }),
    maxConcurrentSteps: config.maxWorkers,
    maxTrustLevel: config.maxTrustLevel,
    defaultAuditMode: config.defaultAuditMode,
    defaultStepTimeoutSeconds: config.defaultStepTimeoutSeconds,
  });
  return {
    config,
    registry,
    engine,
    bindings,
    breaker,
    providers,
    guard,
    http,
    async close() {
      await Promise.allSettled(providers.map((provider) => provider.close?.()));
      http.close();
      if (audit !== undefined) await audit.flush();
    },
  };
}
