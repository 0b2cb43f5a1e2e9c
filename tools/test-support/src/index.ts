// Test support for the whole workspace: the real peers that specs and test fixtures talk to over
// sockets on 127.0.0.1 (a webhook receiver, a plain HTTP server, an OTLP collector), each written
// once here instead of once per project. Never published, never shipped: eslint.config.mjs lets only
// spec files and src/testing/ fixtures import it, so production code cannot depend on it.
export { eventually } from './eventually.js';
export { OtlpReceiver, spanAttribute, type OtlpSpan, type ReceivedSpan } from './otlp-receiver.js';
export { sendJson, startTestServer, type SeenRequest, type TestHandler, type TestHttpServer, type TestServerOptions } from './test-http-server.js';
export { WebhookReceiver, type ReceivedDelivery, type ReceiverAnswer } from './webhook-receiver.js';
