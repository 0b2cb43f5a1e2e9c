import { isErrorCode, sanitizeMessage, ServiceError, UpstreamFailureError } from '@skill-service/contracts';
import { protocolFailure, wrappedProtocolCode, type CallSubject } from './mcp-failure.js';

/** The parts of a `tools/call` result this provider reads (current and 2024-10-07 shapes). */
export interface ToolCallResult {
  readonly content?: readonly { readonly type: string; readonly text?: unknown }[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
  readonly toolResult?: unknown;
}

/**
 * Turns a tool's answer into the provider's raw result for response mapping: `structuredContent`
 * when present; else the first text content when it is a JSON object or array; else
 * `{ text }` with all text contents joined. `isError` results become errors.
 */
export function toolResultToRaw(result: ToolCallResult, subject: CallSubject): unknown {
  if (result.content === undefined && result.toolResult !== undefined) return result.toolResult;
  const texts = (result.content ?? []).flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : []));
  if (result.isError === true) throw toolError(texts.join('\n'), subject);
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  const first = texts[0];
  if (first !== undefined) {
    const parsed = parseJsonContainer(first);
    if (parsed !== undefined) return parsed;
  }
  return { text: texts.join('\n') };
}

/** A tool of this service family reports `{code, message}`; its code keeps its meaning (400, 409, 428…). */
function typedToolError(text: string): ServiceError | undefined {
  const parsed = parseJsonContainer(text) as { code?: unknown; message?: unknown } | undefined;
  if (parsed === undefined || !isErrorCode(parsed.code) || typeof parsed.message !== 'string') return undefined;
  return new ServiceError(parsed.code, sanitizeMessage(parsed.message));
}

function toolError(text: string, subject: CallSubject): Error {
  const typed = typedToolError(text);
  if (typed !== undefined) return typed;
  const code = wrappedProtocolCode(text);
  if (code !== undefined) return protocolFailure(code, text, subject);
  const message = sanitizeMessage(text);
  return new UpstreamFailureError(
    `MCP tool '${subject.tool}' of service '${subject.serviceId}' reported an error${message === '' ? '.' : `: ${message}`}`,
  );
}

function parseJsonContainer(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
