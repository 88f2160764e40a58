import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

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
  const requests = new Counter({
    name: 'bff_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
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
    observeRequest(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    upstreamError(target, kind) {
      upstream.inc({ target, kind });
    },
    sessionStoreError(operation) {
      store.inc({ operation });
    },
  };
}
