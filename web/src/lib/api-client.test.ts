// @vitest-environment node
import { errorCode } from '@evt/contracts/errors';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import { apiRoutes } from '@evt/contracts/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, apiSend, setUnauthorizedHandler } from './api-client';

const answer = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
});

describe('the transport', () => {
  it('sends the CSRF header on writes only', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    await apiSend('/x', { method: 'POST' });
    await apiSend('/x');
    const headers = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers);
    expect(headers[0]).toMatchObject({ [CSRF_HEADER]: CSRF_HEADER_VALUE });
    expect(headers[1]).not.toHaveProperty(CSRF_HEADER);
  });

  it('hands a 401 to the one handler, except from the session probes', async () => {
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    vi.stubGlobal('fetch', answer(401, { error: { code: 'unauthorized', message: 'x' } }));
    await expect(apiSend('/automation/event', { query: { id: 1 } })).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
    await expect(apiRequest(apiRoutes.auth.me)).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('reads a failure without the error body from its status', async () => {
    vi.stubGlobal('fetch', answer(502));
    await expect(apiSend('/x')).rejects.toMatchObject({ status: 502, code: errorCode.connection });
  });
});
