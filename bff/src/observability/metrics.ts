import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { registerRequestSeries } from './request-series';

export type UpstreamErrorKind = 'timeout' | 'unreachable' | 'status_5xx' | 'bad_answer';

/** The BFF's Prometheus metrics, on a registry of its own (several apps may live in one test process). */
export interface Metrics {
  registry: Registry;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  upstreamError(target: 'rest' | 'webhook', kind: UpstreamErrorKind): void;
  sessionStoreError(operation: string): void;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'bff_' });
  const observeRequest = registerRequestSeries(registry);
  const upstream = new Counter({
    name: 'bff_upstream_errors_total',
    help: 'Failed upstream calls (REST API or automation webhook), by kind',
    labelNames: ['target', 'kind'] as const,
    registers: [registry],
  });
  const store = new Counter({
    name: 'bff_session_store_errors_total',
    help: 'Failed session store operations (Redis down or too slow), by operation',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  return {
    registry,
    observeRequest,
    upstreamError(target, kind) {
      upstream.inc({ target, kind });
    },
    sessionStoreError(operation) {
      store.inc({ operation });
    },
  };
}
