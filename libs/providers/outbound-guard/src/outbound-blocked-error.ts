import { InvalidConfigurationError } from '@skill-service/contracts';

/** Why a destination was refused; stable values callers and tests may branch on. */
export type OutboundBlockReason = 'scheme' | 'credentials' | 'blocked_address' | 'unresolvable' | 'invalid_url';

const REASON_TEXT: Record<OutboundBlockReason, string> = {
  scheme: 'only http and https URLs are allowed',
  credentials: 'URLs must not embed a username or password',
  blocked_address: 'it resolves to a private, loopback, link-local, reserved or metadata address',
  unresolvable: 'the host name could not be resolved',
  invalid_url: 'the URL is not valid',
};

/**
 * A destination the outbound guard refuses. It is a configuration problem of whoever supplied the
 * URL (descriptor, webhook subscription, redirecting upstream), hence `invalid_configuration`.
 * The message names the host and the reason only: never the resolved addresses (that would turn
 * the guard into an internal-DNS oracle) nor the full URL (its query may carry a resolved secret).
 */
export class OutboundBlockedError extends InvalidConfigurationError {
  readonly reason: OutboundBlockReason;
  readonly host: string | undefined;

  constructor(reason: OutboundBlockReason, host: string | undefined, purpose = 'Outbound request', cause?: unknown) {
    const target = host === undefined || host === '' ? '' : ` to ${host}`;
    super(`${purpose}${target} blocked: ${REASON_TEXT[reason]}`, { cause });
    this.reason = reason;
    this.host = host;
  }
}

export function isOutboundBlockedError(error: unknown): error is OutboundBlockedError {
  return error instanceof OutboundBlockedError;
}
