import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { commonErrors, defineRoute, type RouteContract } from '@evt/contracts/http';
import { errorCode } from '@evt/contracts/errors';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Caller } from '../routes/role-scope';
import { errorMiddleware } from './error-middleware';
import { HttpError } from './http-error';
import { createRouteAdapter, type RouteHandlers } from './route-adapter';

const table = {
  read: defineRoute({
    method: 'GET',
    path: '/things/:id',
    kind: 'bff',
    auth: 'public',
    params: z.object({ id: z.coerce.number().int() }),
    query: z.object({ full: z.enum(['yes', 'no']).default('no') }),
    responses: { 200: z.object({ id: z.number(), full: z.boolean() }), ...commonErrors },
  }),
  write: defineRoute({
    method: 'POST',
    path: '/things/:id',
    kind: 'bff',
    auth: 'session',
    params: z.object({ id: z.coerce.number().int() }),
    body: z.object({ name: z.string().min(1) }),
    responses: { 201: z.object({ id: z.number(), name: z.string() }), 204: null, ...commonErrors },
  }),
  proxied: defineRoute({
    method: 'GET',
    path: '/things',
    kind: 'proxy',
    auth: 'session',
    responses: { 200: z.array(z.number()), ...commonErrors },
  }),
} as const;

const caller = { sid: 's', session: {}, token: 't', requestId: 'r', endSession: async () => {} } as Caller;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app with the adapter: `signedIn` says whether the caller has a session, `allowed` whether access passes. */
async function serve(
  handlers: RouteHandlers<typeof table>,
  options: { signedIn?: boolean; allowed?: boolean } = {},
) {
  const seen: string[] = [];
  const adapter = createRouteAdapter({
    callerOf: () => {
      if (options.signedIn === false) throw new HttpError(401, errorCode.unauthenticated);
      return caller;
    },
    access: (route) => {
      seen.push(`access ${route.method}`);
      return options.allowed === false ? Promise.reject(new HttpError(403, errorCode.forbidden)) : undefined;
    },
    checkResponses: true,
  });
  const app = express();
  app.use(express.json());
  adapter.mount(app as unknown as express.Router, table, handlers);
  app.use(errorMiddleware(pino({ level: 'silent' })));
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, adapter };
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('route adapter', () => {
  it('hands the handler its parsed params, query and body, and answers with its status', async () => {
    const { url } = await serve({
      read: async ({ params, query }) => ({
        status: 200,
        body: { id: params.id, full: query.full === 'yes' },
      }),
      write: async ({ params, body, caller: who }) => ({
        status: 201,
        body: { id: params.id, name: `${body.name}:${who.token}` },
      }),
    });
    const read = await fetch(`${url}/things/7?full=yes`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ id: 7, full: true });
    const written = await post(`${url}/things/8`, { name: 'a' });
    expect(written.status).toBe(201);
    expect(await written.json()).toEqual({ id: 8, name: 'a:t' });
  });

  it('refuses input its contract refuses with 400 and the field keys, before the handler', async () => {
    let called = 0;
    const { url } = await serve({
      read: async () => {
        called += 1;
        return { status: 200, body: { id: 1, full: false } };
      },
      write: async () => {
        called += 1;
        return { status: 204 };
      },
    });
    expect((await fetch(`${url}/things/x`)).status).toBe(400);
    const refused = await post(`${url}/things/1`, { name: '' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.details.fieldErrors).toHaveProperty('name');
    expect(called).toBe(0);
  });

  it('checks the session and the route access before the body is read', async () => {
    const handlers: RouteHandlers<typeof table> = {
      read: async () => ({ status: 200, body: { id: 1, full: false } }),
      write: async () => ({ status: 204 }),
    };
    const anonymous = await serve(handlers, { signedIn: false });
    expect((await post(`${anonymous.url}/things/1`, { name: '' })).status).toBe(401);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const refused = await serve(handlers, { allowed: false });
    // an invalid body, yet 403: a caller who may not write learns nothing from the validation
    expect((await post(`${refused.url}/things/1`, { name: '' })).status).toBe(403);
    expect(refused.seen).toEqual(['access POST']);
    // a public route is not checked
    expect((await fetch(`${refused.url}/things/1`)).status).toBe(200);
    expect(refused.seen).toEqual(['access POST']);
  });

  it('turns an answer its contract does not declare into a 500 (development and tests)', async () => {
    const { url } = await serve({
      // a runtime slip the compiler cannot see (a value from an untyped source)
      read: async () => ({ status: 200, body: JSON.parse('{"id":"one","full":false}') }),
      write: async () => ({ status: 201, body: JSON.parse('{"id":1}') }),
    });
    expect((await fetch(`${url}/things/1`)).status).toBe(500);
    expect((await post(`${url}/things/1`, { name: 'a' })).status).toBe(500);
  });

  it('refuses to mount a table whose bff route has no handler, and names what was left unmounted', () => {
    const adapter = createRouteAdapter({
      callerOf: () => caller,
      access: () => undefined,
      checkResponses: true,
    });
    const router = express.Router();
    const partial = { read: async () => ({ status: 200 as const, body: { id: 1, full: false } }) };
    expect(() => adapter.mount(router, table, partial as unknown as RouteHandlers<typeof table>)).toThrow(
      /POST \/things\/:id: no handler/,
    );
    const other = createRouteAdapter({
      callerOf: () => caller,
      access: () => undefined,
      checkResponses: true,
    });
    other.mount(router, { read: table.read }, { read: partial.read });
    // proxied routes are the fast path's: not asked for
    expect(() => other.assertMounted([table.read, table.proxied])).not.toThrow();
    expect(() => other.assertMounted(Object.values(table) as RouteContract[])).toThrow(
      /without a handler: POST \/things\/:id/,
    );
  });

  it('types a handler record by its table: a missing handler or a wrong answer does not compile', () => {
    // @ts-expect-error `write` is missing
    const missing: RouteHandlers<typeof table> = {
      read: async () => ({ status: 200, body: { id: 1, full: false } }),
    };
    const wrong: RouteHandlers<typeof table> = {
      // @ts-expect-error `full` must be a boolean
      read: async () => ({ status: 200, body: { id: 1, full: 'no' } }),
      // @ts-expect-error 200 is not a status the route declares
      write: async () => ({ status: 200, body: { id: 1, name: 'a' } }),
    };
    expect(Object.keys(missing)).toEqual(['read']);
    expect(Object.keys(wrong)).toEqual(['read', 'write']);
  });
});
