import { ApiError, apiErrorOf } from './api-error.js';
import { credentialHeaders, type Credential } from './credentials.js';
import { SseParser, type SseMessage } from './sse-parser.js';

/** What the client tells the page after each call: the banners (401/403/429, unreachable) read it. */
export interface CallObserver {
  succeeded(): void;
  failed(error: ApiError): void;
}

export interface StreamOptions {
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

/**
 * The only way the console talks to the server: the public HTTP API on the page's own origin, with
 * the credential on every call. Every failure becomes an ApiError (the contract's payload, or
 * status 0 when the server is unreachable) and is reported to the observer.
 */
export class HttpClient {
  constructor(
    private readonly credential: () => Credential | undefined,
    private readonly observer?: CallObserver,
  ) {}

  async get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return this.call<T>('GET', path, undefined, signal);
  }

  async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    return this.call<T>('POST', path, body, signal);
  }

  async delete<T>(path: string): Promise<T> {
    return this.call<T>('DELETE', path);
  }

  async call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const response = await this.#fetch(method, path, { body, ...(signal === undefined ? {} : { signal }) });
    const text = await response.text().catch(() => '');
    const parsed = parseJson(text);
    if (!response.ok) throw this.#fail(apiErrorOf(response.status, parsed, response.headers.get('retry-after')));
    this.observer?.succeeded();
    return parsed as T;
  }

  /**
   * A Server-Sent Events call: resolves once the answer's headers are in (rejecting with the
   * contract error otherwise), then yields each event until the server ends the stream.
   */
  async stream(method: string, path: string, options: StreamOptions = {}): Promise<AsyncGenerator<SseMessage>> {
    const response = await this.#fetch(method, path, options);
    if (!response.ok) {
      const parsed = parseJson(await response.text().catch(() => ''));
      throw this.#fail(apiErrorOf(response.status, parsed, response.headers.get('retry-after')));
    }
    this.observer?.succeeded();
    return readEvents(response);
  }

  async #fetch(method: string, path: string, options: StreamOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...credentialHeaders(this.credential()), ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await fetch(path, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (error) {
      if (options.signal?.aborted === true) throw error;
      throw this.#fail(new ApiError(0, 'unreachable', error instanceof Error ? error.message : String(error)));
    }
  }

  #fail(error: ApiError): ApiError {
    this.observer?.failed(error);
    return error;
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function* readEvents(response: Response): AsyncGenerator<SseMessage> {
  if (response.body === null) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield* parser.feed(value);
    }
  } finally {
    reader.releaseLock();
  }
}
