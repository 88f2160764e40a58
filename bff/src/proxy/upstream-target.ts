import http from 'node:http';
import https from 'node:https';

/** A parsed upstream base address with its keep-alive agent, ready for node:http requests. */
export interface UpstreamTarget {
  readonly origin: string;
  readonly hostname: string;
  readonly port: number;
  /** path prefix of the base URL, without trailing slash ('' for the root) */
  readonly basePath: string;
  readonly agent: http.Agent;
  readonly request: typeof http.request;
}

/**
 * Keep-alive matters: without it every proxied request opens a new upstream connection (a third of the
 * throughput when it was measured (bff/README.md).
 */
export function upstreamTarget(baseUrl: string): UpstreamTarget {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const options = {
    keepAlive: true,
    keepAliveMsecs: 1000,
    maxSockets: 256,
    maxFreeSockets: 64,
    scheduling: 'lifo' as const,
  };
  return {
    origin: url.origin,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (secure ? 443 : 80),
    basePath: url.pathname.replace(/\/+$/, ''),
    agent: secure ? new https.Agent(options) : new http.Agent(options),
    request: secure ? https.request : http.request,
  };
}
