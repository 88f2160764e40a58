import { upstreamContract } from '@evt/contracts/upstream-routes';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Ctx } from '../context';
import { isMounted, upstreamPathOf } from './mount';

interface Layer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
  handle: { stack?: Layer[] };
}

/** Every route the app registers, in Express's order, read from its router (not from the mount helper). */
function registered(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const via = isMounted(layer.route.stack.at(-1)?.handle) ? '' : ' (not by mount)';
      return Object.keys(layer.route.methods).map(
        (m) => `${m.toUpperCase()} ${prefix}${layer.route?.path}${via}`,
      );
    }
    if (!layer.handle.stack) return [];
    const path = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
    return registered(layer.handle.stack, prefix + path);
  });
}

/** Outside the contract on purpose: the liveness probe and the development outbox (never the BFF's calls). */
const NOT_CALLED_BY_THE_BFF = /^GET \/(health|outbox\/.*) \(not by mount\)$/;

const matcher = (mounted: string) =>
  new RegExp(`^${mounted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`);

describe('the reference upstream mounted from its contract', () => {
  const ctx = { webhookHeaderName: 'x-test', webhookHeaderValue: 'k', tokens: {}, db: {} } as unknown as Ctx;
  const app = createApp(ctx) as unknown as { router: { stack: Layer[] } };
  const mounted = registered(app.router.stack);
  const contract = upstreamContract().map((route) => `${route.method} ${upstreamPathOf(route)}`);

  it('mounts each route once, through the one helper', () => {
    expect(
      mounted.filter((route) => route.endsWith('(not by mount)') && !NOT_CALLED_BY_THE_BFF.test(route)),
    ).toEqual([]);
    const twice = mounted.filter((route, i) => mounted.indexOf(route) !== i);
    expect(twice).toEqual([]);
    expect(mounted.length).toBeGreaterThan(150);
  });

  it('answers every contract route, with the route Express picks first for it', () => {
    const servedBy = new Map<string, string[]>();
    const unanswered: string[] = [];
    for (const route of new Set(contract)) {
      // a request to the contract's path, each parameter a value, as Express matches it
      const [method, path] = route.split(' ') as [string, string];
      const request = `${method} ${path.replace(/:[A-Za-z_]\w*/g, 'v1')}`;
      const first = mounted.find((m) => matcher(m).test(request));
      if (!first) unanswered.push(route);
      else servedBy.set(first, [...(servedBy.get(first) ?? []), route]);
    }
    expect(unanswered).toEqual([]);
    // nothing mounted that the contract does not name
    const outside = mounted.filter((m) => !servedBy.has(m) && !NOT_CALLED_BY_THE_BFF.test(m));
    expect(outside).toEqual([]);
  });
});
