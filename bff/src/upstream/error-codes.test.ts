import { errorCode } from '@evt/contracts/errors';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { describe, expect, it } from 'vitest';
import { sessionEnded, type UpstreamFailure, upstreamFailure } from './error-codes';

const error = (code: string, details?: object) => ({ error: { code, message: 'upstream text', details } });

describe('the one map from upstream failures to our errors', () => {
  const cases: [string, UpstreamFailure, number, string][] = [
    ['timeout', { kind: 'timeout' }, 504, errorCode.upstreamTimeout],
    ['refused connection', { kind: 'unreachable' }, 502, errorCode.connection],
    ['malformed JSON or an answer off its contract', { kind: 'bad_answer' }, 502, errorCode.generic],
    ['5xx', { kind: 'status', status: 500 }, 502, errorCode.generic],
    [
      '503 with a known code',
      { kind: 'status', status: 503, body: error('form_closed') },
      502,
      errorCode.generic,
    ],
    ['a redirect', { kind: 'status', status: 302 }, 502, errorCode.generic],
    ['401 on a call without a session', { kind: 'status', status: 401 }, 502, errorCode.generic],
    ['400', { kind: 'status', status: 400 }, 400, errorCode.validation],
    ['422', { kind: 'status', status: 422 }, 422, errorCode.validation],
    ['403', { kind: 'status', status: 403 }, 403, errorCode.forbidden],
    ['404', { kind: 'status', status: 404 }, 404, errorCode.notFound],
    ['409', { kind: 'status', status: 409 }, 409, errorCode.conflict],
    ['410', { kind: 'status', status: 410 }, 410, errorCode.notFound],
    ['413', { kind: 'status', status: 413 }, 413, errorCode.payloadTooLarge],
    ['415', { kind: 'status', status: 415 }, 415, errorCode.unsupportedMediaType],
    ['429', { kind: 'status', status: 429 }, 429, errorCode.rateLimited],
    ['an unknown 4xx', { kind: 'status', status: 418 }, 418, errorCode.generic],
    [
      'a known upstream code',
      { kind: 'status', status: 400, body: error('image_too_large') },
      400,
      errorCode.imageTooLarge,
    ],
    [
      'an unknown upstream code',
      { kind: 'status', status: 403, body: error('secret_reason') },
      403,
      errorCode.forbidden,
    ],
    [
      'a call its own schema refuses',
      { kind: 'rejected', fieldErrors: { a: ['validation.required'] } },
      400,
      errorCode.validation,
    ],
  ];
  it.each(cases)('%s', (_name, failure, status, code) => {
    const mapped = upstreamFailure(failure);
    expect([mapped.status, mapped.code]).toEqual([status, code]);
    expect(mapped.message).not.toContain('upstream text');
  });

  it('uses what the route declares for a refusal, after the upstream known codes', () => {
    const login = upstreamRoutes.login;
    const wrong = upstreamFailure({ kind: 'status', status: 400 }, login);
    expect([wrong.status, wrong.code]).toEqual([401, errorCode.invalidCredentials]);
    const unverified = upstreamFailure(
      { kind: 'status', status: 403, body: error('email_not_verified') },
      login,
    );
    expect([unverified.status, unverified.code]).toEqual([403, errorCode.emailNotVerified]);
    const limited = upstreamFailure({ kind: 'status', status: 429 }, login);
    expect(limited.details?.retryAfterSeconds).toBe(60);
    const closed = upstreamFailure({ kind: 'status', status: 410 }, upstreamRoutes.publicRegister);
    expect(closed.code).toBe(errorCode.formClosed);
    const expired = upstreamFailure(
      { kind: 'status', status: 410, body: error('link_expired') },
      upstreamRoutes.publicConfirm,
    );
    expect(expired.code).toBe(errorCode.linkExpired);
    // a call refused by its own schema is answered as the route's 400
    const short = upstreamFailure({ kind: 'rejected', fieldErrors: {} }, upstreamRoutes.newPassword);
    expect([short.status, short.code]).toEqual([400, errorCode.invalidCode]);
  });

  it('keeps the upstream status and code for the handler, never for the browser', () => {
    const mapped = upstreamFailure({ kind: 'status', status: 409, body: error('email_taken') });
    expect(mapped.upstream).toEqual({ status: 409, code: 'email_taken' });
  });

  it('passes field errors only when they are our validation keys', () => {
    const ours = upstreamFailure({
      kind: 'status',
      status: 400,
      body: error('validation_failed', { fieldErrors: { 'data.email': ['validation.email'] } }),
    });
    expect(ours.details?.fieldErrors).toEqual({ 'data.email': ['validation.email'] });
    const text = upstreamFailure({
      kind: 'status',
      status: 400,
      body: error('validation_failed', { fieldErrors: { email: ['Pay 50 EUR at http://evil.example'] } }),
    });
    expect(text.details).toBeUndefined();
  });

  it('ends the session on its one rule, even when the store fails', async () => {
    let ended = 0;
    const answer = await sessionEnded(async () => {
      ended++;
      throw new Error('store down');
    });
    expect(ended).toBe(1);
    expect([answer.status, answer.code]).toEqual([401, errorCode.sessionExpired]);
  });
});
