import { describe, expect, it } from '@jest/globals';
import { MAX_MESSAGE_LENGTH } from '@skill-service/contracts';
import { toolResultToRaw } from './tool-result.js';

const subject = { serviceId: 'svc', tool: 'tool', timeoutMs: 1000 };
const text = (...texts: string[]) => texts.map((value) => ({ type: 'text', text: value }));

describe('toolResultToRaw', () => {
  it('prefers structuredContent over text', () => {
    expect(toolResultToRaw({ content: text('{"a":1}'), structuredContent: { b: 2 } }, subject)).toEqual({ b: 2 });
  });

  it('parses the first text content when it is a JSON object or array', () => {
    expect(toolResultToRaw({ content: text(' {"a":1}', 'ignored') }, subject)).toEqual({ a: 1 });
    expect(toolResultToRaw({ content: text('[1,2]') }, subject)).toEqual([1, 2]);
  });

  it('wraps other text, JSON scalars included, as { text } joined by newlines', () => {
    expect(toolResultToRaw({ content: text('42') }, subject)).toEqual({ text: '42' });
    expect(toolResultToRaw({ content: text('{broken', 'two') }, subject)).toEqual({ text: '{broken\ntwo' });
    expect(toolResultToRaw({ content: [{ type: 'image' }, ...text('only text')] }, subject)).toEqual({ text: 'only text' });
    expect(toolResultToRaw({ content: [] }, subject)).toEqual({ text: '' });
  });

  it('returns the legacy toolResult as is', () => {
    expect(toolResultToRaw({ toolResult: { legacy: true } }, subject)).toEqual({ legacy: true });
  });

  it('bounds the message of an isError result', () => {
    const thrown = (() => {
      try {
        toolResultToRaw({ content: text('x'.repeat(1000)), isError: true }, subject);
      } catch (error) {
        return error as Error;
      }
      throw new Error('expected a failure');
    })();
    expect(thrown).toMatchObject({ code: 'upstream_failure' });
    expect(thrown.message.length).toBeLessThan(MAX_MESSAGE_LENGTH + 80);
  });

  it('recovers protocol errors that McpServer wraps into isError text', () => {
    expect(() => toolResultToRaw({ content: text('MCP error -32602: Tool nope not found'), isError: true }, subject)).toThrow(
      expect.objectContaining({ code: 'invalid_configuration' }),
    );
    expect(() =>
      toolResultToRaw({ content: text('MCP error -32602: Input validation error: a must be a number'), isError: true }, subject),
    ).toThrow(expect.objectContaining({ code: 'invalid_request', message: "MCP tool 'tool' of service 'svc' rejected its arguments: Input validation error: a must be a number" }));
  });

  it('keeps the code of a typed {code, message} error, and treats unknown codes as tool failures', () => {
    const typed = JSON.stringify({ code: 'invalid_request', message: 'csv: unclosed quote at line 2' });
    expect(() => toolResultToRaw({ content: text(typed), isError: true }, subject)).toThrow(
      expect.objectContaining({ code: 'invalid_request', status: 400, message: 'csv: unclosed quote at line 2' }),
    );
    const unknown = JSON.stringify({ code: 'kaboom', message: 'x' });
    expect(() => toolResultToRaw({ content: text(unknown), isError: true }, subject)).toThrow(expect.objectContaining({ code: 'upstream_failure' }));
  });
});
