import { createClient, type RedisClientType } from 'redis';
import type { Logger } from 'pino';

export type Redis = RedisClientType;

/** `redis://user:secret@host` -> `redis://user:***@host`, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

/**
 * Connects with the offline queue off (a command while Redis is away fails at once instead of piling up
 * behind the requests waiting on it) and checks readiness with PING, failing with a clear message.
 */
export async function connectRedis(url: string, logger: Logger, connectTimeoutMs = 5000): Promise<Redis> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 3000),
    },
  }) as Redis;
  let lastLogged = 0;
  client.on('error', (error: Error) => {
    // a Redis outage emits an error per reconnect attempt: one line every 10 s is enough
    const now = Date.now();
    if (now - lastLogged > 10_000) {
      lastLogged = now;
      logger.error({ err: error }, 'redis connection error');
    }
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${connectTimeoutMs} ms`)),
          connectTimeoutMs,
        );
      }),
    ]);
  } catch (error) {
    client.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`REDIS_URL: cannot reach Redis at ${redactUrl(url)} (${reason})`);
  } finally {
    clearTimeout(timer);
  }
  return client;
}
