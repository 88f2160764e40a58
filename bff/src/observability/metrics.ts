import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { registerRequestSeries } from './request-series';

export type UpstreamErrorKind = 'timeout' | 'unreachable' | 'status_5xx' | 'bad_answer';

/** The services outside our own that the BFF calls on an organiser's behalf. */
export type OutsideTarget = 'google_oauth' | 'google_userinfo' | 'google_calendar' | 'zoom';
/** How one outside call ended. */
export type OutsideOutcome =
  | 'ok'
  | 'timeout'
  | 'unreachable'
  | 'status_429'
  | 'status_4xx'
  | 'status_5xx'
  | 'malformed';

/** The BFF's Prometheus metrics, on a registry of its own (several apps may live in one test process). */
export interface Metrics {
  registry: Registry;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  upstreamError(target: 'rest' | 'webhook', kind: UpstreamErrorKind): void;
  sessionStoreError(operation: string): void;
  /** one call to Google or Zoom: its target, how it ended, how long it took */
  outsideCall(target: OutsideTarget, outcome: OutsideOutcome, seconds: number): void;
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
  const outside = new Histogram({
    name: 'bff_outside_call_duration_seconds',
    help: 'Calls to Google (OAuth, user info, Calendar) and to the zoom-meeting service, by target and outcome',
    labelNames: ['target', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers: [registry],
  });
  return {
    registry,
    outsideCall(target, outcome, seconds) {
      outside.observe({ target, outcome }, seconds);
    },
    observeRequest,
    upstreamError(target, kind) {
      upstream.inc({ target, kind });
    },
    sessionStoreError(operation) {
      store.inc({ operation });
    },
  };
}
