import { UpstreamFailureError } from '@skill-service/contracts';

export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A complete upstream answer, any status: the caller decides what a final non-2xx means. */
export interface OutboundResponse {
  status: number;
  /** Lower-cased header names, as Node parses them. */
  headers: ResponseHeaders;
  /** The body as received (decompressed), never larger than the request's `maxResponseBytes`. */
  body: Buffer;
  /** The final URL, after redirects. */
  url: string;
  text(): string;
  /** Parses the body as JSON; an empty or malformed body is an `upstream_failure`. */
  json(): unknown;
}

export function outboundResponse(status: number, headers: ResponseHeaders, body: Buffer, url: URL): OutboundResponse {
  return {
    status,
    headers,
    body,
    url: url.href,
    text: () => body.toString('utf8'),
    json: () => {
      try {
        return JSON.parse(body.toString('utf8')) as unknown;
      } catch (error) {
        throw new UpstreamFailureError(`Upstream ${url.host} answered ${status} with a body that is not valid JSON`, {
          cause: error,
        });
      }
    },
  };
}
