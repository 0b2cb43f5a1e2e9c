/**
 * @skill-service/provider-openrpc — the `openrpc` protocol provider: JSON-RPC 2.0 over HTTP POST
 * to the descriptor's `base_url` (method = the binding's operation, params = the rendered payload),
 * with the same auth, headers, `${ENV_VAR}` placeholders, outbound guard, timeout and size caps as
 * openapi. JSON-RPC errors become typed ServiceErrors; only an explicit 429/503 Retry-After is retried.
 */
export { jsonRpcResult } from './json-rpc-answer.js';
export { jsonRpcError, type RpcContext } from './json-rpc-error.js';
export { OpenRpcProvider, type OpenRpcProviderOptions } from './openrpc-provider.js';
export type { OutboundHttpClient, OutboundHttpRequest, OutboundHttpResponse } from '@skill-service/bindings';
export { DEFAULT_RPC_RETRY_COUNT, rpcCallOptions, type RpcCallOptions } from './rpc-call-options.js';
export type { ServiceOutcome } from '@skill-service/bindings';
