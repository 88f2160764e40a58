import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import type { Metrics } from '../observability/metrics';
import type { Redis } from '../session/redis-client';
import type { Sessions } from '../session/sessions';
import type { UpstreamApi } from '../upstream/upstream-api';

/** What the BFF's own route handlers share. */
export interface RouteContext {
  config: AppConfig;
  sessions: Sessions;
  api: UpstreamApi;
  redis: Redis | null;
  logger: Logger;
  securityHeaders: readonly string[];
  metrics?: Metrics;
}
