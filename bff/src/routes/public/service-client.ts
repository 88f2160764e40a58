import { type ErrorCode, errorCode } from '@evt/contracts/errors';
import type { Logger } from 'pino';
import { HttpError } from '../../http/http-error';
import type { RouteContext } from '../context';

export interface ServiceAnswer {
  status: number;
  data: unknown;
}

/** Upstream error codes of the public routes -> ours. */
const CODES: Record<string, ErrorCode> = {
  form_closed: errorCode.formClosed,
  link_expired: errorCode.linkExpired,
  unknown_link: errorCode.linkUnknown,
  payload_too_large: errorCode.payloadTooLarge,
  unsupported_media_type: errorCode.unsupportedMediaType,
};

/**
 * Calls the upstream's public registration routes and the webhook with the BFF's own credential (the
 * shared service header): the visitor has no session. Network and 5xx failures become 502/504 like
 * UpstreamApi; 4xx answers become our error codes (field errors passed through).
 */
export function serviceClient(ctx: RouteContext) {
  const { config, logger } = ctx;
  const header = { [config.webhookHeaderName]: config.webhookHeaderValue };

  async function call(url: string, init: RequestInit, requestId: string): Promise<ServiceAnswer> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { accept: 'application/json', 'x-request-id': requestId, ...header, ...init.headers },
        signal: AbortSignal.timeout(config.upstreamTimeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      return unreachable(error, url, requestId, logger);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) {
      logger.error({ status: response.status, url, requestId }, 'upstream failure');
      throw new HttpError(502, errorCode.generic);
    }
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (response.status >= 400) throw toHttpError(response.status, data);
    return { status: response.status, data };
  }

  return {
    /** the upstream's origin and the service header, for the streamed upload */
    apiUrl: config.upstreamApiUrl,
    serviceHeader: header,
    timeoutMs: config.upstreamTimeoutMs,
    api: (path: string, init: RequestInit, requestId: string) =>
      call(config.upstreamApiUrl + path, init, requestId),
    webhook: (path: string, requestId: string) => call(`${config.webhookUrl}${path}`, {}, requestId),
  };
}

function unreachable(error: unknown, url: string, requestId: string, logger: Logger): never {
  if (error instanceof Error && error.name === 'TimeoutError') {
    logger.warn({ url, requestId }, 'upstream timeout');
    throw new HttpError(504, errorCode.upstreamTimeout, undefined, { cause: error });
  }
  logger.error({ err: error, url, requestId }, 'upstream unreachable');
  throw new HttpError(502, errorCode.connection, undefined, { cause: error });
}

export function toHttpError(status: number, data: unknown): HttpError {
  const error = (data as { error?: { code?: string; details?: { fieldErrors?: Record<string, string[]> } } })
    ?.error;
  const mapped = error?.code ? CODES[error.code] : undefined;
  if (mapped) return new HttpError(status, mapped);
  if (status === 400) {
    const fieldErrors = error?.details?.fieldErrors;
    return new HttpError(400, errorCode.validation, fieldErrors ? { fieldErrors } : undefined);
  }
  if (status === 404) return new HttpError(404, errorCode.formNotFound);
  if (status === 410) return new HttpError(410, errorCode.formClosed);
  if (status === 413) return new HttpError(413, errorCode.payloadTooLarge);
  if (status === 415) return new HttpError(415, errorCode.unsupportedMediaType);
  return new HttpError(502, errorCode.generic);
}
