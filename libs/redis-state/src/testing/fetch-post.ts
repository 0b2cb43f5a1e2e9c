import type { WebhookPost } from '@skill-service/webhooks';

// Test support only (not exported from the library).

/** A plain fetch POST (the service wires its guarded client instead). */
export const fetchPost: WebhookPost = async (url, body, headers, { timeoutMs, signal }) => {
  const deadline = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers },
    body,
    redirect: 'manual',
    signal: signal === undefined ? deadline : AbortSignal.any([signal, deadline]),
  });
  await response.arrayBuffer();
  return { status: response.status };
};
