import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorCode } from '@evt/contracts/errors';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeOrganization } from '../../test/helpers';
import type { HttpError } from '../http/http-error';
import { createUpstreamClient, type UpstreamClient } from './client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const ORG = fakeOrganization(4);

/** An upstream whose next answer the test sets, recording what it was sent. */
let answer: (res: ServerResponse) => void = (res) => res.end();
const seen: Seen[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    seen.push({
      method: req.method!,
      url: req.url!,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    answer(res);
  });
});
const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

let client: UpstreamClient;
const errors: string[] = [];
const user = (ended: { count: number }) => ({
  token: 'tok-1',
  endSession: async () => {
    ended.count++;
  },
});
const failure = (pending: Promise<unknown>) =>
  pending.then(
    () => expect.unreachable('the call should fail'),
    (error: HttpError) => [error.status, error.code],
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createUpstreamClient({
    restUrl: url,
    webhookUrl: `${url}/webhook`,
    serviceHeader: { name: 'x-automation-key', value: 'service-secret' },
    timeoutMs: 300,
    logger: pino({ level: 'silent' }),
    onError: (service, kind) => errors.push(`${service}:${kind}`),
  });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  seen.length = 0;
  errors.length = 0;
});

describe('the typed upstream client', () => {
  it('sends the parsed params, query and body with the route credential, and parses the answer', async () => {
    answer = json(200, { data: [], page: 2, limit: 10, total: 0, extra: 'dropped' });
    const page = await client.call(upstreamRoutes.invitations, {
      user: user({ count: 0 }),
      requestId: 'rid-1',
      params: { id: 4 },
      query: { limit: 10, page: 2 },
    });
    expect(page).toEqual({ data: [], page: 2, limit: 10, total: 0 });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/organizations/4/invitations?limit=10&page=2' });
    expect(seen[0]!.headers).toMatchObject({ authorization: 'Bearer tok-1', 'x-request-id': 'rid-1' });
    expect(seen[0]!.headers['x-automation-key']).toBeUndefined();

    answer = json(200, { data: [] });
    await client.call(upstreamRoutes.eventForms, { query: { eventId: 9 }, requestId: 'rid-2' });
    expect(seen[1]).toMatchObject({ url: '/webhook/event-forms?eventId=9' });
    expect(seen[1]!.headers).toMatchObject({ 'x-automation-key': 'service-secret' });
    expect(seen[1]!.headers.authorization).toBeUndefined();
  });

  it('sends the value its schema parsed (defaults filled, unknown keys dropped), never the raw one', async () => {
    answer = json(202, { status: 'sent' });
    await client.call(upstreamRoutes.publicResend, {
      requestId: 'rid',
      body: {
        email: ' Jane@Example.org ',
        eventSlug: 'fair',
        kind: 'participant',
        confirmUrl: 'http://localhost:3000/public/registrations/confirm',
        ...{ injected: true },
      },
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      email: 'jane@example.org',
      eventSlug: 'fair',
      kind: 'participant',
      confirmUrl: 'http://localhost:3000/public/registrations/confirm',
    });
  });

  it('does not send a call its route schema refuses', async () => {
    const refused = client.call(upstreamRoutes.newPassword, {
      requestId: 'rid',
      params: { code: 'short' },
      body: { password: 'a-long-enough-Passw0rd' },
    });
    expect(await failure(refused)).toEqual([400, errorCode.invalidCode]);
    expect(seen).toHaveLength(0);
  });

  it('turns an answer that does not match its contract into a clean 502', async () => {
    answer = json(200, { ...ORG, memberType: 42 });
    const call = () =>
      client.call(upstreamRoutes.organization, {
        user: user({ count: 0 }),
        requestId: 'r',
        params: { id: 4 },
      });
    expect(await failure(call())).toEqual([502, errorCode.generic]);
    answer = json(200, '{"id": 4,');
    expect(await failure(call())).toEqual([502, errorCode.generic]);
    answer = json(201, ORG);
    expect(await failure(call())).toEqual([502, errorCode.generic]);
    expect(errors).toEqual(['rest:bad_answer', 'rest:bad_answer', 'rest:bad_answer']);
    answer = json(200, ORG);
    expect((await call()).memberType).toBe('owner');
  });

  it('maps every failure through the one map', async () => {
    const get = () => client.call(upstreamRoutes.publicEvent, { params: { slug: 'fair' }, requestId: 'r' });
    answer = json(500, { error: { code: 'boom', message: 'stack trace here' } });
    expect(await failure(get())).toEqual([502, errorCode.generic]);
    answer = json(404, { error: { code: 'not_found' } });
    expect(await failure(get())).toEqual([404, errorCode.formNotFound]);
    answer = json(410, { error: { code: 'form_closed' } });
    expect(await failure(get())).toEqual([410, errorCode.formClosed]);
    answer = () => {}; // never answers
    expect(await failure(get())).toEqual([504, errorCode.upstreamTimeout]);
    answer = (res) => res.socket?.destroy();
    expect(await failure(get())).toEqual([502, errorCode.connection]);
    expect(errors).toEqual(['rest:status_5xx', 'rest:timeout', 'rest:unreachable']);
    const closed = createUpstreamClient({
      restUrl: 'http://127.0.0.1:1',
      webhookUrl: 'http://127.0.0.1:1',
      serviceHeader: { name: 'x', value: 'y' },
      timeoutMs: 1000,
      logger: pino({ level: 'silent' }),
    });
    expect(
      await failure(closed.call(upstreamRoutes.publicEvent, { params: { slug: 'f' }, requestId: 'r' })),
    ).toEqual([502, errorCode.connection]);
  });

  it('ends the session on a 401 to a user call, and on the statuses its route adds', async () => {
    const ended = { count: 0 };
    answer = json(401, { error: { code: 'unauthenticated' } });
    const org = client.call(upstreamRoutes.organization, {
      user: user(ended),
      requestId: 'r',
      params: { id: 4 },
    });
    expect(await failure(org)).toEqual([401, errorCode.sessionExpired]);
    expect(ended.count).toBe(1);
    answer = json(403, { error: { code: 'forbidden' } });
    const info = client.call(upstreamRoutes.userinfo, { user: user(ended), requestId: 'r' });
    expect(await failure(info)).toEqual([401, errorCode.sessionExpired]);
    expect(ended.count).toBe(2);
    // elsewhere a 403 is a refusal, and the session stays
    const other = client.call(upstreamRoutes.organization, {
      user: user(ended),
      requestId: 'r',
      params: { id: 4 },
    });
    expect(await failure(other)).toEqual([403, errorCode.forbidden]);
    expect(ended.count).toBe(2);
    // without a session, a 401 means what the route says (sign-in: wrong credentials)
    answer = json(401, { error: { code: 'invalid_credentials' } });
    const login = client.call(upstreamRoutes.login, {
      requestId: 'r',
      body: { email: 'a@example.org', password: 'x' },
    });
    expect(await failure(login)).toEqual([401, errorCode.invalidCredentials]);
  });
});
