import type {
  CapabilityExecutionMeta,
  CapabilityInvocation,
  CapabilityInvocationResult,
  CapabilityInvoker,
} from '@skill-service/contracts';

/** A capability implemented by a plain function: gets the invocation, returns the output. */
export type CapabilityFunction = (input: Record<string, unknown>, invocation: CapabilityInvocation) => unknown;

export interface RecordedCall {
  readonly capabilityId: string;
  readonly input: Record<string, unknown>;
  readonly stepId: string | undefined;
  readonly traceId: string;
  readonly requiredConformanceProfile: string | undefined;
  readonly timeoutMs: number;
}

/**
 * The Invoker port backed by in-process functions (what a binding layer would do over the network).
 * Records every call; an unknown capability id is a plain Error, like a broken provider.
 */
export class FunctionInvoker implements CapabilityInvoker {
  readonly calls: RecordedCall[] = [];
  private readonly functions = new Map<string, CapabilityFunction>();
  private readonly metas = new Map<string, CapabilityExecutionMeta>();

  constructor(functions: Record<string, CapabilityFunction> = {}) {
    for (const [id, fn] of Object.entries(functions)) this.functions.set(id, fn);
  }

  define(id: string, fn: CapabilityFunction, meta?: CapabilityExecutionMeta): this {
    this.functions.set(id, fn);
    if (meta !== undefined) this.metas.set(id, meta);
    return this;
  }

  callsOf(capabilityId: string): RecordedCall[] {
    return this.calls.filter((call) => call.capabilityId === capabilityId);
  }

  async invoke(invocation: CapabilityInvocation): Promise<CapabilityInvocationResult> {
    const id = invocation.capability.id;
    this.calls.push({
      capabilityId: id,
      input: invocation.input,
      stepId: invocation.stepId,
      traceId: invocation.traceId,
      requiredConformanceProfile: invocation.requiredConformanceProfile,
      timeoutMs: invocation.timeoutMs,
    });
    const fn = this.functions.get(id);
    if (fn === undefined) throw new Error(`no implementation for ${id}`);
    const output = await fn(invocation.input, invocation);
    const meta = this.metas.get(id);
    return meta === undefined ? { output } : { output, meta };
  }
}
