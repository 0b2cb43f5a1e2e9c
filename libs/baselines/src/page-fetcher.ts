/** Limits and cancellation of one page fetch. */
export interface PageFetchOptions {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** Larger bodies are refused by the fetcher, not truncated. */
  readonly maxBytes: number;
}

/** A fetched page: any final status, the URL after redirects, the body decoded as text. */
export interface FetchedPage {
  readonly status: number;
  readonly url: string;
  readonly contentType: string;
  readonly body: string;
}

/**
 * The one piece of I/O a built-in capability needs (`web.page.fetch`): an HTTP GET that the
 * composition root implements with the operator's outbound guard, so this library stays pure.
 */
export type PageFetcher = (url: string, options: PageFetchOptions) => Promise<FetchedPage>;
