import { describe, expect, it } from '@jest/globals';
import { jsonRpcResult } from './json-rpc-answer.js';
import type { OutboundHttpResponse } from '@skill-service/bindings';

const context = { serviceId: 'svc', method: 'm', secrets: ['sekrit-token'] };

function response(status: number, body: unknown, contentType = 'application/json'): OutboundHttpResponse {
  return { status, headers: { 'content-type': contentType }, body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)) };
}

describe('jsonRpcResult', () => {
  it('accepts an answer without the jsonrpc member, but not another version', () => {
    expect(jsonRpcResult(response(200, { result: 1, id: 'x' }), 'x', context)).toBe(1);
    expect(() => jsonRpcResult(response(200, { jsonrpc: '1.0', result: 1, id: 'x' }), 'x', context)).toThrow(
      expect.objectContaining({ code: 'upstream_failure' }),
    );
  });

  it('refuses a batch answer', () => {
    expect(() => jsonRpcResult(response(200, [{ jsonrpc: '2.0', result: 1, id: 'x' }]), 'x', context)).toThrow(
      expect.objectContaining({ code: 'upstream_failure', message: expect.stringContaining('not a JSON-RPC 2.0 response') }),
    );
  });

  it('maps an error answer with id null (the server could not read the request)', () => {
    const answer = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' }, id: null };
    expect(() => jsonRpcResult(response(200, answer), 'x', context)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('lets a JSON-RPC error in a non-2xx body decide', () => {
    const answer = { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 'x' };
    expect(() => jsonRpcResult(response(404, answer), 'x', context)).toThrow(expect.objectContaining({ code: 'invalid_configuration' }));
  });

  it('maps 401/403 to 409 and 504 to upstream_timeout', () => {
    expect(() => jsonRpcResult(response(403, 'no'), 'x', context)).toThrow(expect.objectContaining({ code: 'invalid_configuration' }));
    expect(() => jsonRpcResult(response(504, 'late'), 'x', context)).toThrow(expect.objectContaining({ code: 'upstream_timeout' }));
  });

  it('masks secrets echoed in an error message', () => {
    const answer = { jsonrpc: '2.0', error: { code: -32001, message: 'token sekrit-token expired' }, id: 'x' };
    expect(() => jsonRpcResult(response(200, answer), 'x', context)).toThrow(
      expect.objectContaining({ message: "Provider 'svc' answered 'm' with JSON-RPC error -32001: token *** expired" }),
    );
  });

  it('refuses malformed JSON and empty bodies', () => {
    expect(() => jsonRpcResult(response(200, '{"result":'), 'x', context)).toThrow(expect.objectContaining({ message: "Provider 'svc' answered malformed JSON, expected JSON" }));
    expect(() => jsonRpcResult(response(200, ''), 'x', context)).toThrow(expect.objectContaining({ message: "Provider 'svc' answered an empty body, expected JSON" }));
  });
});
