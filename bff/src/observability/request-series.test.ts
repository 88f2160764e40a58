import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, registerRequestSeries } from './request-series';

/** What the BFF exposed before: prom-client's own Counter and Histogram, fed the same observations. */
function promClientReference() {
  const registry = new Registry();
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'bff_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const observe = (route: string, method: string, status: number, seconds: number) => {
    const labels = { route, method, status: String(status) };
    requests.inc(labels);
    duration.observe(labels, seconds);
  };
  return { registry, observe };
}

const observation = fc.tuple(
  fc.constantFrom('/api/organizations', '/api/invitations/:code', 'page', '/assets', 'a "quoted"\\route'),
  fc.constantFrom('GET', 'POST', 'PUT'),
  fc.constantFrom(200, 201, 304, 401, 499, 502),
  fc.oneof(fc.constantFrom(...DURATION_BUCKETS, 0, 20), fc.double({ min: 0, max: 30, noNaN: true })),
);

describe('registerRequestSeries', () => {
  it('serves exactly the text prom-client’s Counter and Histogram would, for any observations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const reference = promClientReference();
        const registry = new Registry();
        const observe = registerRequestSeries(registry);
        for (const [route, method, status, seconds] of observations) {
          reference.observe(route, method, status, seconds);
          observe(route, method, status, seconds);
        }
        expect(await registry.metrics()).toBe(await reference.registry.metrics());
      }),
      { numRuns: 200 },
    );
  });

  it('starts again from nothing when the registry is reset', async () => {
    const registry = new Registry();
    const observe = registerRequestSeries(registry);
    observe('/api/organizations', 'GET', 200, 0.002);
    expect(await registry.metrics()).toContain(
      'bff_http_requests_total{route="/api/organizations",method="GET",status="200"} 1',
    );
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('route="/api/organizations"');
  });
});
