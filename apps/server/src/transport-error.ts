import { InvalidRequestError, ServiceError, isServiceError } from '@skill-service/contracts';

interface HttpLayerError {
  readonly type?: unknown;
  readonly status?: unknown;
}

/**
 * Gives the failures of the HTTP layer itself (body-parser, a malformed URL encoding) their
 * contract codes; every other error passes unchanged to the one mapping.
 */
export function fromTransportError(error: unknown, bodyLimitBytes: number): unknown {
  if (isServiceError(error) || typeof error !== 'object' || error === null) return error;
  const { type, status } = error as HttpLayerError;
  switch (type) {
    case 'entity.too.large':
      return new ServiceError('payload_too_large', `The request body is larger than ${bodyLimitBytes} bytes`);
    case 'entity.parse.failed':
      return new InvalidRequestError('The request body is not valid JSON');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ServiceError('unsupported_media_type', 'The request body must be UTF-8 JSON without content encoding');
    default:
      return typeof status === 'number' && status >= 400 && status < 500 ? new InvalidRequestError('Malformed request') : error;
  }
}
