import { auth as googleAuth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { GOOGLE_CALENDAR_SCOPES } from '@evt/contracts/constants';
import { errorCode, type ErrorCode } from '@evt/contracts/errors';
import type { GoogleCallbackOutcome, GoogleConnection } from '@evt/contracts/meetings';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { HttpError } from '../http/http-error';
import type { OutsideTarget } from '../observability/metrics';
import type { GoogleConfig } from './google-config';
import { type CalendarEvent, calendarEvent, tokenAnswer, userInfoAnswer } from './google-answers';
import {
  GOOGLE_TIMINGS,
  type GoogleCall,
  type GoogleTimings,
  GoogleTransport,
  googleFailure,
  type ObserveOutsideCall,
  reasonOf,
} from './google-transport';
import type { ConnectionStore, GoogleConnectionRecord, GoogleTokens } from './token-store';

/** Refreshed this long before Google says the access token expires. */
const REFRESH_MARGIN_MS = 60_000;
/** Waits before retrying a throttled or failed call when Google sends no Retry-After. */
const BACKOFF_MS = [300, 900];
export const USERINFO_SCOPES = ['openid', 'email'] as const;

export type CalendarOperation = 'create' | 'update' | 'delete' | 'read';
const FAILED: Record<CalendarOperation, ErrorCode> = {
  create: errorCode.calendarCreateFailed,
  update: errorCode.calendarUpdateFailed,
  delete: errorCode.calendarDeleteFailed,
  read: errorCode.calendarUpdateFailed,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The connection a meeting's Calendar event was made with (meetings and B2B links keep it). */
export interface EventOwner {
  /** the organiser whose connection it is */
  userId: number;
  /** Google's stable id of the account (null: made before accounts were recorded) */
  accountId: string | null;
  accountEmail: string | null;
}

/**
 * The organisers' Google accounts: consent, tokens (kept encrypted by the store, refreshed once at a time
 * per organiser across instances), and calendar calls made with a new OAuth client per call, never a
 * shared one holding someone's token. Every call goes through a GoogleTransport: bounded by the request's
 * deadline, no library retry, counted and logged. No token is ever logged or answered.
 */
export class GoogleAccounts {
  readonly timings: GoogleTimings;

  constructor(
    readonly config: GoogleConfig,
    private readonly store: ConnectionStore,
    private readonly logger: Logger,
    /** told once per breakage (the grant found gone), `brokenAt` naming it */
    private readonly onBroken: (userId: number, brokenAt: number) => void = () => undefined,
    private readonly observe: ObserveOutsideCall = () => undefined,
  ) {
    this.timings = config.timings ?? GOOGLE_TIMINGS;
  }

  /** The Google calls of one organiser request, all bounded by one deadline. */
  begin(userId: number, requestId: string, budgetMs = this.timings.deadlineMs): GoogleCall {
    return { userId, requestId, deadline: Date.now() + budgetMs };
  }

  private log(call: GoogleCall) {
    return this.logger.child({ requestId: call.requestId, organiserId: call.userId });
  }

  /** A client without any user's credentials (consent, code exchange, refresh, revoke). */
  oauthClient(call?: GoogleCall, target: OutsideTarget = 'google_oauth', answer: z.ZodType | null = null) {
    return new googleAuth.OAuth2({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      redirectUri: this.config.redirectUri,
      endpoints: {
        oauth2AuthBaseUrl: this.config.authUrl,
        oauth2TokenUrl: this.config.tokenUrl,
        oauth2RevokeUrl: this.config.revokeUrl,
      },
      transporter: call
        ? new GoogleTransport(call, target, this.timings, this.logger, this.observe, answer)
        : undefined,
    });
  }

  async consentUrl(state: string): Promise<{ url: string; verifier: string }> {
    const client = this.oauthClient();
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const url = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: true,
      scope: [...GOOGLE_CALENDAR_SCOPES, ...USERINFO_SCOPES],
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    });
    return { url, verifier: codeVerifier as string };
  }

  /**
   * The callback's work: the code for tokens (with the PKCE verifier; once: a code is single use, so a
   * failed exchange is never retried), every calendar scope granted, the Google account read, the
   * connection stored. A previous connection of another Google account is revoked; one of the same
   * account is not (Google's revocation is grant-wide per account and client: it would end the new one).
   */
  async connect(
    call: GoogleCall,
    code: string,
    verifier: string,
  ): Promise<{ ok: true } | { ok: false; outcome: GoogleCallbackOutcome; missing?: string[] }> {
    const log = this.log(call);
    let tokens: GoogleTokens;
    try {
      tokens = (
        await this.oauthClient(call, 'google_oauth', tokenAnswer).getToken({ code, codeVerifier: verifier })
      ).tokens;
    } catch (error) {
      const failure = googleFailure(error);
      log.warn({ outcome: failure.outcome, reason: failure.reason }, 'google: code exchange failed');
      if (failure.oauthError === 'invalid_grant') return { ok: false, outcome: 'codeRejected' };
      const reason = reasonOf(failure);
      return {
        ok: false,
        outcome: reason === 'timeout' || reason === 'unavailable' ? 'unavailable' : 'failed',
      };
    }
    const granted = new Set((tokens.scope ?? '').split(/\s+/).filter(Boolean));
    const missing = GOOGLE_CALENDAR_SCOPES.filter((scope) => !granted.has(scope));
    if (missing.length > 0 || !tokens.refresh_token) {
      // a partial grant is useless: give it back rather than keep it
      await this.revoke(call, tokens.refresh_token ?? tokens.access_token ?? null);
      return { ok: false, outcome: 'missingScope', missing: [...missing] };
    }
    let account: { id: string; email: string | null };
    try {
      account = await this.account(call, tokens.access_token ?? '');
    } catch {
      await this.revoke(call, tokens.refresh_token);
      return { ok: false, outcome: 'userInfo' };
    }
    const previous = await this.store.get(call.userId);
    if (
      previous !== null &&
      previous !== 'unreadable' &&
      previous.accountId !== account.id &&
      previous.tokens.refresh_token
    ) {
      await this.revoke(call, previous.tokens.refresh_token);
    }
    await this.store.put(call.userId, {
      status: 'connected',
      email: account.email,
      accountId: account.id,
      tokens,
      connectedAt: Date.now(),
    });
    log.info(
      { accountChanged: previous !== null && previous !== 'unreadable' && previous.accountId !== account.id },
      'google: connected',
    );
    return { ok: true };
  }

  /** Google's user-info endpoint (spec section 7): the account's stable id and address. */
  private async account(
    call: GoogleCall,
    accessToken: string,
  ): Promise<{ id: string; email: string | null }> {
    const client = this.oauthClient(call, 'google_userinfo', userInfoAnswer);
    client.setCredentials({ access_token: accessToken });
    const answer = await client.request<z.infer<typeof userInfoAnswer>>({ url: this.config.userinfoUrl });
    return { id: answer.data.id, email: answer.data.email ?? null };
  }

  async connection(userId: number): Promise<GoogleConnection> {
    const record = await this.store.get(userId);
    if (record === 'unreadable') return { status: 'unreadable', email: null, demo: this.config.demo };
    return { status: record?.status ?? 'none', email: record?.email ?? null, demo: this.config.demo };
  }

  /**
   * Disconnect: the grant is revoked at Google and forgotten here. Answers whether Google confirmed the
   * revocation: when it could not be reached, the connection is gone here but may still be listed in the
   * Google account.
   */
  async disconnect(call: GoogleCall): Promise<{ revoked: boolean }> {
    const record = await this.store.get(call.userId);
    // 'Utilisateur non connecté': there is no Google connection to end
    if (!record) throw new HttpError(409, errorCode.calendarNotConnected);
    const revoked =
      record === 'unreadable'
        ? false
        : await this.revoke(call, record.tokens.refresh_token ?? record.tokens.access_token ?? null);
    await this.store.delete(call.userId);
    this.log(call).info({ revoked }, 'google: disconnected');
    return { revoked };
  }

  /** True when the grant is gone at Google (revoked now, or already: Google's 400 invalid_token). */
  private async revoke(call: GoogleCall, token: string | null | undefined): Promise<boolean> {
    if (!token) return true;
    try {
      await this.oauthClient(call).revokeToken(token);
      return true;
    } catch (error) {
      const failure = googleFailure(error);
      return failure.status === 400;
    }
  }

  /** The stored connection, usable, or the error the organiser must see. */
  private async usable(userId: number): Promise<GoogleConnectionRecord> {
    const record = await this.store.get(userId);
    if (!record) throw new HttpError(409, errorCode.calendarNotAuthenticated);
    if (record === 'unreadable') throw new HttpError(409, errorCode.calendarConnectionUnreadable);
    if (record.status === 'broken') throw new HttpError(409, errorCode.calendarTokenExpired);
    return record;
  }

  /** The organiser's connection as a meeting's owner: who made what `call` would make now. */
  async ownerOf(userId: number): Promise<EventOwner> {
    const record = await this.usable(userId);
    return { userId, accountId: record.accountId ?? null, accountEmail: record.email };
  }

  /**
   * The owner's connection, if it still is the one that made the event: the same organiser's record, still
   * connected, to the same Google account. Otherwise the organiser is told whose connection it was.
   */
  async requireOwner(owner: EventOwner): Promise<void> {
    const record = await this.store.get(owner.userId).catch(() => null);
    const same =
      record !== null &&
      record !== 'unreadable' &&
      record.status === 'connected' &&
      (owner.accountId === null || record.accountId === owner.accountId);
    if (!same) {
      throw new HttpError(409, errorCode.calendarOwnerDisconnected, {
        googleAccount: owner.accountEmail ?? owner.accountId ?? '?',
      });
    }
  }

  /**
   * A fresh access token. Refreshes under the organiser's lock (which outlives the request's deadline);
   * whoever waited reads what the holder stored instead of refreshing again. `stale` is an access token
   * Google refused (a 401): refresh even if its expiry says it is still good.
   */
  async accessToken(call: GoogleCall, stale?: string): Promise<string> {
    const record = await this.usable(call.userId);
    if (!needsRefresh(record.tokens, stale)) return record.tokens.access_token as string;
    const locked = await this.store.withLock(call.userId, call.deadline, async () => {
      const current = await this.usable(call.userId);
      if (!needsRefresh(current.tokens, stale)) return current.tokens.access_token as string;
      return this.refresh(call, current);
    });
    if (locked === null) throw this.timedOut(errorCode.calendarOauthFailed);
    return locked;
  }

  private timedOut(code: ErrorCode) {
    return new HttpError(504, code, { reason: 'timeout' });
  }

  private async refresh(call: GoogleCall, current: GoogleConnectionRecord): Promise<string> {
    const log = this.log(call);
    for (let attempt = 0; ; attempt++) {
      const client = this.oauthClient(call, 'google_oauth', tokenAnswer);
      client.setCredentials({ refresh_token: current.tokens.refresh_token ?? null });
      try {
        await client.getAccessToken();
        const refreshed = client.credentials;
        // Google omits the refresh token (and sometimes the scope) when refreshing: merge, never overwrite
        const tokens: GoogleTokens = {
          ...current.tokens,
          access_token: refreshed.access_token ?? null,
          expiry_date: refreshed.expiry_date ?? null,
          refresh_token: refreshed.refresh_token || current.tokens.refresh_token,
          scope: refreshed.scope || current.tokens.scope,
        };
        await this.store.put(call.userId, { ...current, tokens });
        return tokens.access_token as string;
      } catch (error) {
        const failure = googleFailure(error);
        if (failure.oauthError === 'invalid_grant') {
          // the grant is gone (revoked, expired, password changed): stop retrying, tell the organiser
          // under the lock, and later calls stop at usable(): one breakage, one notice, however many retries
          const brokenAt = Date.now();
          await this.store.put(call.userId, { ...current, status: 'broken', brokenAt });
          log.warn('google: grant is gone (invalid_grant), connection marked broken');
          this.onBroken(call.userId, brokenAt);
          throw new HttpError(409, errorCode.calendarTokenExpired);
        }
        const wait = this.retryWait(call, failure, attempt);
        if (wait !== null) {
          await sleep(wait);
          continue;
        }
        throw this.failed(errorCode.calendarOauthFailed, failure);
      }
    }
  }

  /**
   * How long to wait before trying again, or null when not to: only a throttled or failing Google (429,
   * 403 rateLimitExceeded, 5xx) is retried, after its Retry-After (else a short backoff), and only when
   * the wait and one more call still fit in the request's deadline.
   */
  private retryWait(
    call: GoogleCall,
    failure: ReturnType<typeof googleFailure>,
    attempt: number,
  ): number | null {
    const reason = reasonOf(failure);
    if (reason !== 'rateLimited' && !(reason === 'unavailable' && failure.status >= 500)) return null;
    const backoff = BACKOFF_MS[attempt];
    if (backoff === undefined) return null;
    const wait = failure.retryAfterSeconds !== null ? failure.retryAfterSeconds * 1000 : backoff;
    const left = call.deadline - Date.now() - wait;
    // one more call must still have a fair chance: at least a second, or the whole call timeout if less
    return left >= Math.min(1_000, this.timings.callTimeoutMs) ? wait : null;
  }

  private failed(code: ErrorCode, failure: ReturnType<typeof googleFailure>): HttpError {
    const reason = reasonOf(failure);
    const status = reason === 'timeout' ? 504 : reason === 'notFound' ? 404 : 502;
    return new HttpError(status, code, {
      reason,
      ...(reason === 'rateLimited' && failure.retryAfterSeconds !== null
        ? { retryAfterSeconds: failure.retryAfterSeconds }
        : {}),
    });
  }

  /**
   * One calendar call on the organiser's behalf: a new client with only the access token (so the library
   * never refreshes behind the lock's back), the answer parsed (a malformed 200 is a failure), a 401
   * refreshes once and retries once, 429 / 403 rateLimitExceeded / 5xx wait for Retry-After within the
   * deadline and retry, 403 insufficientPermissions is reported. `run` answers an Event, or nothing for a
   * delete.
   */
  async withCalendar(
    call: GoogleCall,
    operation: CalendarOperation,
    run: (api: calendar_v3.Calendar) => Promise<{ data: unknown }>,
  ): Promise<CalendarEvent | null> {
    let token = await this.accessToken(call);
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const auth = this.oauthClient(call, 'google_calendar', calendarEvent);
      auth.setCredentials({ access_token: token });
      const api = calendar({ version: 'v3', auth, rootUrl: this.config.apiRootUrl, retry: false });
      try {
        const answer = await run(api);
        return operation === 'delete' ? null : (answer.data as CalendarEvent);
      } catch (error) {
        const failure = googleFailure(error);
        if (failure.status === 401 && !refreshed) {
          refreshed = true;
          token = await this.accessToken(call, token);
          continue;
        }
        if (failure.status === 401) throw new HttpError(409, errorCode.calendarTokenExpired);
        if (failure.status === 403 && failure.reason === 'insufficientPermissions') {
          throw new HttpError(403, errorCode.calendarForbidden);
        }
        const wait = this.retryWait(call, failure, attempt - (refreshed ? 1 : 0));
        if (wait !== null) {
          await sleep(wait);
          continue;
        }
        throw this.failed(FAILED[operation], failure);
      }
    }
  }
}

function needsRefresh(tokens: GoogleTokens, stale?: string): boolean {
  if (!tokens.access_token) return true;
  if (stale !== undefined && tokens.access_token === stale) return true;
  return typeof tokens.expiry_date === 'number' && tokens.expiry_date - REFRESH_MARGIN_MS <= Date.now();
}
