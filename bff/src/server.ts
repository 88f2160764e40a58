import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { errorCode } from '@evt/contracts/errors';
import type { Logger } from 'pino';
import { sendError } from './http/send-error';

export interface ServerLimits {
  /** the whole request head must arrive within this (slowloris) */
  headersTimeoutMs: number;
  /** the whole request, body included, must arrive within this (uploads are the long ones) */
  requestTimeoutMs: number;
  /** an idle keep-alive connection is closed after this; above a load balancer's own (60 s for most) */
  keepAliveTimeoutMs: number;
  /** request head size limit; larger answers 431 */
  maxHeaderSize: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 65_000,
  maxHeaderSize: 16_384,
};

export interface BffServer {
  server: Server;
  /**
   * Stops taking work: the listening socket closes, idle connections are closed, a request arriving on a
   * kept-alive connection meanwhile gets 503 and `Connection: close`, requests under way finish. Resolves
   * when the last connection is gone, or rejects after `graceMs`.
   */
  drain(graceMs: number): Promise<void>;
}

/** The node:http server of the BFF with its timeouts and limits, and a drain for SIGTERM. */
export function createBffServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  limits: ServerLimits = DEFAULT_LIMITS,
): BffServer {
  let draining = false;
  const active = new Set<ServerResponse>();
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      maxHeaderSize: limits.maxHeaderSize,
      // how often node checks the two timeouts above (default 30 s would let a slow client stay longer)
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    (req, res) => {
      if (draining) {
        res.setHeader('connection', 'close');
        req.resume();
        sendError(req, res, 503, errorCode.connection);
        return;
      }
      active.add(res);
      res.once('close', () => active.delete(res));
      handler(req, res);
    },
  );
  return {
    server,
    drain(graceMs) {
      draining = true;
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`connections still open after ${graceMs} ms`)),
          graceMs,
        );
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
        // a connection whose answer is under way closes once it is sent instead of idling
        for (const res of active) {
          if (!res.headersSent) res.setHeader('connection', 'close');
          else res.once('finish', () => res.socket?.destroySoon());
        }
      });
    },
  };
}

/** SIGTERM/SIGINT: drain within the grace period, then `cleanup`, then exit (1 when the grace ran out). */
export function drainOnSignals(
  bff: BffServer,
  options: { graceMs: number; logger: Logger; cleanup: () => Promise<void> },
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    options.logger.info({ signal, graceMs: options.graceMs }, 'draining');
    let code = 0;
    try {
      await bff.drain(options.graceMs);
    } catch (error) {
      options.logger.error({ err: error }, 'drain took too long; exiting');
      bff.server.closeAllConnections();
      code = 1;
    }
    const cleanupTimer = setTimeout(() => process.exit(code || 1), 3000);
    cleanupTimer.unref();
    await options.cleanup().catch((error) => options.logger.error({ err: error }, 'cleanup failed'));
    options.logger.info({ code }, 'stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
