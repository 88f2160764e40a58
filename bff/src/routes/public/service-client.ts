import { errorCode } from '@evt/contracts/errors';
import { buildPath } from '@evt/contracts/http';
import type { Logger } from 'pino';
import { HttpError } from '../../http/http-error';
import { serializeQuery } from '../../http/strict-query';
import { knownUpstreamCode } from '../../upstream/error-codes';
import type { RouteContext } from '../context';

/** An upstream route by its pattern, with the values apart: a log line shows `route`, never the values. */
export interface ServiceCall {
  route: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
}

export interface ServiceAnswer {
  status: number;
  data: unknown;
}

/**
 * Calls the upstream's public registration routes and the webhook with the BFF's own credential (the
 * shared service header): the visitor has no session. Network and 5xx failures become 502/504 like
 * UpstreamApi; 4xx answers become our error codes (field errors passed through). Log lines name the
 * upstream route by its pattern: its concrete URL carries confirmation tokens and slugs.
 */
export function serviceClient(ctx: RouteContext) {
  const { config, logger } = ctx;
  const header = { [config.webhookHeaderName]: config.webhookHeaderValue };

  async function call(
    base: string,
    target: ServiceCall,
    init: RequestInit,
    requestId: string,
  ): Promise<ServiceAnswer> {
    const query = serializeQuery(target.query);
    const about = { requestId, upstream: `${init.method ?? 'GET'} ${target.route}` };
    let response: Response;
    try {
      response = await fetch(base + buildPath(target.route, target.params) + query, {
        ...init,
        headers: { accept: 'application/json', 'x-request-id': requestId, ...header, ...init.headers },
        signal: AbortSignal.timeout(config.upstreamTimeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      return unreachable(error, about, logger);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) {
      logger.error({ ...about, status: response.status }, 'upstream failure');
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
    api: (target: ServiceCall, init: RequestInit, requestId: string) =>
      call(config.upstreamApiUrl, target, init, requestId),
    webhook: (target: ServiceCall, requestId: string) => call(config.webhookUrl, target, {}, requestId),
  };
}

function unreachable(error: unknown, about: object, logger: Logger): never {
  if (error instanceof Error && error.name === 'TimeoutError') {
    logger.warn(about, 'upstream timeout');
    throw new HttpError(504, errorCode.upstreamTimeout, undefined, { cause: error });
  }
  logger.error({ ...about, err: error }, 'upstream unreachable');
  throw new HttpError(502, errorCode.connection, undefined, { cause: error });
}

export function toHttpError(status: number, data: unknown): HttpError {
  const error = (data as { error?: { details?: { fieldErrors?: Record<string, string[]> } } })?.error;
  const mapped = knownUpstreamCode(data);
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
