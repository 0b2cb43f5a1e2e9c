import { DEFAULT_PLACEHOLDER_RULES, type PlaceholderEnv, type ProtocolProvider, type ProviderCall, type ProviderHealth } from '@skill-service/bindings';
import { InvalidConfigurationError, ServiceError, UpstreamTimeoutError } from '@skill-service/contracts';
import { SPAN_ATTRIBUTES, traced } from '@skill-service/util';
import { raceAbort } from './abortable.js';
import { abortFailure, callFailure, isTransportFault, providerClosed, type CallSubject } from './mcp-failure.js';
import type { McpProviderOptions } from './mcp-provider-options.js';
import { resolveServiceTarget, type InProcessRegistry } from './service-target.js';
import { ServiceSlot, type ServiceHealth } from './service-slot.js';
import { toolResultToRaw } from './tool-result.js';

const DEFAULT_CLIENT_INFO = { name: 'skill-service', version: '0.1.0' };

/**
 * The `mcp` protocol provider: a binding's `operation` is a tool name, its rendered request the
 * tool's arguments. One initialised client per service id is kept and reused; stdio servers are
 * respawned after a crash, streamable-HTTP and in-process sessions reconnected after a fault.
 */
export class McpProvider implements ProtocolProvider {
  readonly protocol = 'mcp' as const;
  private readonly slots = new Map<string, ServiceSlot>();
  private readonly closing = new AbortController();

  private readonly inProcess: InProcessRegistry;

  constructor(private readonly options: McpProviderOptions = {}) {
    this.inProcess = { servers: options.inProcessServers ?? {}, tools: options.inProcessTools ?? {} };
  }

  /** One tool call in an MCP client span (`tools/call <tool>`, OpenTelemetry's MCP conventions). */
  call(call: ProviderCall): Promise<unknown> {
    const attributes = {
      [SPAN_ATTRIBUTES.mcpMethod]: 'tools/call',
      [SPAN_ATTRIBUTES.toolName]: call.binding.operation,
      [SPAN_ATTRIBUTES.serviceId]: call.service?.id ?? call.binding.service,
    };
    return traced(`tools/call ${call.binding.operation}`, { kind: 'client', attributes }, () => this.callTool(call));
  }

  private async callTool(call: ProviderCall): Promise<unknown> {
    const { binding, service, signal } = call;
    const timeoutMs = service?.timeout_seconds === undefined ? call.timeoutMs : Math.min(call.timeoutMs, service.timeout_seconds * 1000);
    const subject: CallSubject = { serviceId: service?.id ?? binding.service, tool: binding.operation, timeoutMs };
    if (signal.aborted) throw abortFailure(signal, subject);
    if (this.closing.signal.aborted) throw providerClosed();
    if (service === undefined) throw new InvalidConfigurationError(`MCP binding '${binding.id}' names no service descriptor.`);

    const deadline = Date.now() + timeoutMs;
    const notReady = (): ServiceError => new UpstreamTimeoutError(`MCP server '${service.id}' was not ready within ${timeoutMs} ms.`);
    // Placeholders first: a refused or unset one fails the call before any slot or process exists.
    const target = resolveServiceTarget(service, this.inProcess, this.env(), this.options.placeholderRules ?? DEFAULT_PLACEHOLDER_RULES);
    const slot = this.slotOf(service.id);
    // Open already (every call after the first): no race against the deadline, which costs a timer
    // and a listener on the caller's signal per call.
    const connection =
      slot.established(target) ?? (await raceAbort(slot.connection(target), signal, deadline, () => abortFailure(signal, subject), notReady));
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw notReady();

    try {
      const callerDeadline = timeoutMs === call.timeoutMs;
      const result = await connection.callTool(binding.operation, call.payload, { signal, timeout: remaining, callerDeadline });
      slot.succeeded();
      return toolResultToRaw(result, subject);
    } catch (error) {
      // The SDK rejects an aborted request with a RequestTimeout McpError: look at the signal first.
      if (signal.aborted) throw abortFailure(signal, subject);
      if (this.closing.signal.aborted) throw providerClosed();
      const failure = callFailure(error, subject, connection.kind);
      if (isTransportFault(error)) slot.discard(connection, failure.message);
      throw failure;
    }
  }

  async health(): Promise<ProviderHealth> {
    const services: Record<string, ServiceHealth> = {};
    for (const [id, slot] of this.slots) services[id] = slot.health();
    const failing = Object.entries(services).filter(([, health]) => health.state === 'failed').map(([id]) => id);
    return {
      protocol: this.protocol,
      healthy: !this.closing.signal.aborted && failing.length === 0,
      details: { services, ...(failing.length > 0 ? { failing } : {}) },
    };
  }

  /** Closes every session, stops every stdio child and cancels pending restarts. */
  async close(): Promise<void> {
    this.closing.abort();
    const slots = [...this.slots.values()];
    this.slots.clear();
    await Promise.all(slots.map((slot) => slot.close()));
  }

  private slotOf(serviceId: string): ServiceSlot {
    let slot = this.slots.get(serviceId);
    if (slot === undefined) {
      slot = new ServiceSlot({
        serviceId,
        clientInfo: this.options.clientInfo ?? DEFAULT_CLIENT_INFO,
        connectTimeoutMs: this.options.connectTimeoutMs ?? 30_000,
        restartBackoffMs: this.options.restartBackoffMs ?? 250,
        maxRestartBackoffMs: this.options.maxRestartBackoffMs ?? 8_000,
        allowHttp: this.options.allowHttp,
        log: this.options.log ?? (() => undefined),
        closing: this.closing.signal,
      });
      this.slots.set(serviceId, slot);
    }
    return slot;
  }

  private env(): PlaceholderEnv {
    return this.options.env ?? process.env;
  }
}
