import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import type { Metrics } from '../observability/metrics';
import type { Redis } from '../session/redis-client';
import type { Sessions } from '../session/sessions';
import type { UpstreamClient } from '../upstream/client';
import type { RightsChanges } from './permissions';

/** What the BFF's own route handlers share. */
export interface RouteContext {
  config: AppConfig;
  sessions: Sessions;
  /** the one client of the BFF's own upstream calls */
  upstream: UpstreamClient;
  redis: Redis | null;
  logger: Logger;
  securityHeaders: readonly string[];
  metrics?: Metrics;
  /** when event permissions last changed: cached permissions read before are stale */
  rights: RightsChanges;
}
