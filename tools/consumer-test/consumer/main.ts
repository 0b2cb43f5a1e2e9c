/**
 * A program written the way another workspace would use the published libraries: it loads a
 * registry folder with @skill-service/registry and runs skills on @skill-service/engine through
 * an invoker of its own (no providers, no HTTP). The consumer test copies it into a fresh project,
 * type-checks it against the installed tarballs and runs it:
 *
 *   node dist/main.js <good registry folder> <broken registry folder>
 *
 * It prints one JSON report on stdout; the test asserts on it.
 */
import {
  ServiceError,
  httpStatusOf,
  toErrorPayload,
  type CapabilityInvocation,
  type CapabilityInvocationResult,
  type CapabilityInvoker,
  type ErrorPayload,
} from '@skill-service/contracts';
import { SkillEngine, SkillExecutionError, type DefinitionSource, type SkillEngineConfig } from '@skill-service/engine';
import { formatDiagnostic, hasErrors, loadRegistry, type Registry } from '@skill-service/registry';

const SKILL = 'demo.shout-twice';

/** The engine's view of a loaded registry: the one adapter an importer writes. */
function definitionsOf(registry: Registry): DefinitionSource {
  return {
    getSkill: (id) => registry.skills.get(id)?.definition,
    getSkillProblems: (id) => registry.rejectedSkills.get(id),
    getCapability: (id) => registry.capabilities.get(id)?.definition,
  };
}

/** `text.shout`: upper-cases `text` and appends `suffix`, in-process. */
class ShoutInvoker implements CapabilityInvoker {
  readonly calls: string[] = [];

  async invoke(invocation: CapabilityInvocation): Promise<CapabilityInvocationResult> {
    this.calls.push(`${invocation.stepId ?? '-'}:${invocation.capability.id}`);
    const { text, suffix } = invocation.input as { text: string; suffix: string };
    return { output: { text: `${text.toUpperCase()}${suffix}` } };
  }
}

/** A provider that breaks; its message holds a path that must never reach a client. */
const throwingInvoker: CapabilityInvoker = {
  invoke: async () => {
    throw new Error('worker crashed reading /srv/secrets/provider.key');
  },
};

/** A provider that never answers and ignores its signal. */
const silentInvoker: CapabilityInvoker = { invoke: () => new Promise<never>(() => undefined) };

/** A provider that answers only when its signal aborts, the way a well-behaved one stops. */
function waitingInvoker(onCall: () => void): CapabilityInvoker {
  return {
    invoke: (invocation) =>
      new Promise<never>((_, reject) => {
        invocation.signal.addEventListener('abort', () => reject(invocation.signal.reason), { once: true });
        onCall();
      }),
  };
}

interface Failure {
  readonly status: number;
  readonly payload: ErrorPayload;
  readonly isServiceError: boolean;
  readonly isSkillExecutionError: boolean;
  readonly stepId: string | null | undefined;
  readonly eventTypes: string[] | undefined;
}

/** What the server would answer for an error: the contracts' one mapper, plus the typed facts. */
function failureOf(error: unknown): Failure {
  return {
    status: httpStatusOf(error),
    payload: toErrorPayload(error, 'consumer-trace'),
    isServiceError: error instanceof ServiceError,
    isSkillExecutionError: error instanceof SkillExecutionError,
    stepId: error instanceof SkillExecutionError ? error.stepId : undefined,
    eventTypes: error instanceof SkillExecutionError ? error.events.map((event) => event.type) : undefined,
  };
}

async function failureOfRun(run: () => Promise<unknown>): Promise<Failure> {
  try {
    await run();
  } catch (error) {
    return failureOf(error);
  }
  throw new Error('expected the run to fail');
}

function engineOver(registry: Registry, invoker: CapabilityInvoker, config: Partial<SkillEngineConfig> = {}): SkillEngine {
  return new SkillEngine({ definitions: definitionsOf(registry), invoker, ...config });
}

async function main(goodRoot: string, brokenRoot: string): Promise<void> {
  const good = await loadRegistry({ registryRoot: goodRoot });
  const invoker = new ShoutInvoker();
  const eventTypes: string[] = [];
  const result = await engineOver(good, invoker).runSkill(
    SKILL,
    { text: 'hello' },
    { traceId: 'consumer-trace', onEvent: (event) => eventTypes.push(event.type) },
  );

  const broken = await loadRegistry({ registryRoot: brokenRoot });
  const brokenEngine = engineOver(broken, new ShoutInvoker());
  const stillRuns = await brokenEngine.runSkill(SKILL, { text: 'still' });

  const controller = new AbortController();
  const cancelled = failureOfRun(() =>
    engineOver(good, waitingInvoker(() => controller.abort())).runSkill(SKILL, { text: 'bye' }, { signal: controller.signal }),
  );

  const report = {
    run: { status: result.status, outputs: result.outputs, traceId: result.trace_id, eventTypes, calls: invoker.calls },
    goodDiagnostics: good.diagnostics.length,
    broken: {
      hasErrors: hasErrors(broken),
      diagnostics: broken.diagnostics.map(formatDiagnostic),
      skills: [...broken.skills.keys()],
      rejectedSkills: [...broken.rejectedSkills.keys()],
      stillRuns: stillRuns.outputs,
      rejectedSkillRun: await failureOfRun(() => brokenEngine.runSkill('demo.broken', { text: 'x' })),
      unknownSkillRun: await failureOfRun(() => brokenEngine.runSkill('demo.missing', { text: 'x' })),
      badInputRun: await failureOfRun(() => brokenEngine.runSkill(SKILL, { text: 42 })),
    },
    throwingInvoker: await failureOfRun(() => engineOver(good, throwingInvoker).runSkill(SKILL, { text: 'x' })),
    silentInvoker: await failureOfRun(() =>
      engineOver(good, silentInvoker, { defaultStepTimeoutSeconds: 0.2 }).runSkill(SKILL, { text: 'x' }),
    ),
    abortedSignal: await cancelled,
    alreadyAborted: await failureOfRun(() => engineOver(good, invoker).runSkill(SKILL, { text: 'x' }, { signal: AbortSignal.abort() })),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

const [goodRoot, brokenRoot] = process.argv.slice(2);
if (goodRoot === undefined || brokenRoot === undefined) {
  process.stderr.write('usage: node dist/main.js <good registry folder> <broken registry folder>\n');
  process.exit(2);
}
await main(goodRoot, brokenRoot);
