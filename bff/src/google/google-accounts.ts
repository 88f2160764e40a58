import { auth as googleAuth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { errorCode, type ErrorCode } from '@evt/contracts/errors';
import { GOOGLE_CALENDAR_SCOPES } from '@evt/contracts/constants';
import type { GoogleConnection } from '@evt/contracts/meetings';
import type { Logger } from 'pino';
import { HttpError } from '../http/http-error';
import type { GoogleConfig } from './google-config';
import type { ConnectionStore, GoogleConnectionRecord, GoogleTokens } from './token-store';

/** Refreshed this long before Google says the access token expires. */
/** google-auth-library's OAuth2Client, the very version @googleapis/calendar is built on */
type OAuth2Client = InstanceType<typeof googleAuth.OAuth2>;

const REFRESH_MARGIN_MS = 60_000;
const BACKOFF_MS = [300, 900];
const BACKOFF_CAP_MS = 3_000;
export const USERINFO_SCOPES = ['openid', 'email'] as const;

export type CalendarOperation = 'create' | 'update' | 'delete' | 'read';
const FAILED: Record<CalendarOperation, ErrorCode> = {
  create: errorCode.calendarCreateFailed,
  update: errorCode.calendarUpdateFailed,
  delete: errorCode.calendarDeleteFailed,
  read: errorCode.calendarUpdateFailed,
};

interface GoogleFailure {
  status: number;
  reason: string;
  message: string;
  oauthError: string | null;
}

/** What Google answered, read from a gaxios error (API envelope or OAuth error). */
export function googleFailure(error: unknown): GoogleFailure | null {
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  if (!response || typeof response.status !== 'number') return null;
  const data = (response.data ?? {}) as {
    error?: string | { message?: string; errors?: { reason?: string }[] };
    error_description?: string;
  };
  if (typeof data.error === 'string') {
    return {
      status: response.status,
      reason: data.error,
      message: data.error_description ?? data.error,
      oauthError: data.error,
    };
  }
  return {
    status: response.status,
    reason: data.error?.errors?.[0]?.reason ?? '',
    message: data.error?.message ?? `HTTP ${response.status}`,
    oauthError: null,
  };
}

/**
 * The organisers' Google accounts: consent, tokens (kept encrypted by the store, refreshed once at a time
 * per organiser across instances), and calendar calls made with a new OAuth client per call, never a
 * shared one holding someone's token. No token is ever logged or answered.
 */
export class GoogleAccounts {
  constructor(
    readonly config: GoogleConfig,
    private readonly store: ConnectionStore,
    private readonly logger: Logger,
    /** told once per breakage (the grant found gone), `brokenAt` naming it */
    private readonly onBroken: (userId: number, brokenAt: number) => void = () => undefined,
  ) {}

  /** A client without any user's credentials (consent, code exchange, refresh, revoke). */
  oauthClient(): OAuth2Client {
    return new googleAuth.OAuth2({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      redirectUri: this.config.redirectUri,
      endpoints: {
        oauth2AuthBaseUrl: this.config.authUrl,
        oauth2TokenUrl: this.config.tokenUrl,
        oauth2RevokeUrl: this.config.revokeUrl,
      },
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
   * The callback's work: the code for tokens (with the PKCE verifier), every calendar scope granted, the
   * Google address read, the connection stored. Answers what went wrong as a code, never a sentence.
   */
  async connect(
    userId: number,
    code: string,
    verifier: string,
  ): Promise<
    { ok: true } | { ok: false; outcome: 'missingScope' | 'userInfo' | 'failed'; missing?: string[] }
  > {
    const client = this.oauthClient();
    let tokens: GoogleTokens;
    try {
      tokens = (await client.getToken({ code, codeVerifier: verifier })).tokens;
    } catch (error) {
      const failure = googleFailure(error);
      this.logger.warn({ status: failure?.status, reason: failure?.reason }, 'google: code exchange refused');
      return { ok: false, outcome: 'failed' };
    }
    const granted = new Set((tokens.scope ?? '').split(/\s+/).filter(Boolean));
    const missing = GOOGLE_CALENDAR_SCOPES.filter((scope) => !granted.has(scope));
    if (missing.length > 0 || !tokens.refresh_token) {
      // a partial grant is useless: give it back rather than keep it
      await this.revoke(tokens.refresh_token ?? tokens.access_token ?? null);
      return { ok: false, outcome: 'missingScope', missing: [...missing] };
    }
    let email: string | null;
    try {
      email = await this.userEmail(tokens.access_token ?? '');
    } catch {
      await this.revoke(tokens.refresh_token);
      return { ok: false, outcome: 'userInfo' };
    }
    const previous = await this.store.get(userId);
    if (previous?.tokens.refresh_token && previous.tokens.refresh_token !== tokens.refresh_token) {
      await this.revoke(previous.tokens.refresh_token);
    }
    await this.store.put(userId, { status: 'connected', email, tokens, connectedAt: Date.now() });
    return { ok: true };
  }

  /** Google's user-info endpoint (spec section 7), through the client library. */
  private async userEmail(accessToken: string): Promise<string | null> {
    const client = this.oauthClient();
    client.setCredentials({ access_token: accessToken });
    const answer = await client.request<{ email?: string }>({ url: this.config.userinfoUrl });
    return typeof answer.data.email === 'string' ? answer.data.email : null;
  }

  async connection(userId: number): Promise<GoogleConnection> {
    const record = await this.store.get(userId);
    return {
      status: record?.status ?? 'none',
      email: record?.email ?? null,
      demo: this.config.demo,
    };
  }

  /** Disconnect: the grant is revoked at Google and forgotten here. */
  async disconnect(userId: number): Promise<void> {
    const record = await this.store.get(userId);
    // 'Utilisateur non connecté': there is no Google connection to end
    if (!record) throw new HttpError(409, errorCode.calendarNotConnected);
    if (record) await this.revoke(record.tokens.refresh_token ?? record.tokens.access_token ?? null);
    await this.store.delete(userId);
  }

  private async revoke(token: string | null | undefined): Promise<void> {
    if (!token) return;
    try {
      await this.oauthClient().revokeToken(token);
    } catch (error) {
      // already gone at Google: nothing left to revoke
      const failure = googleFailure(error);
      this.logger.info({ status: failure?.status, reason: failure?.reason }, 'google: revoke refused');
    }
  }

  /** The stored connection, usable, or the error the organiser must see. */
  private async usable(userId: number): Promise<GoogleConnectionRecord> {
    const record = await this.store.get(userId);
    if (!record) throw new HttpError(409, errorCode.calendarNotAuthenticated);
    if (record.status === 'broken') throw new HttpError(409, errorCode.calendarTokenExpired);
    return record;
  }

  /**
   * A fresh access token. Refreshes under the organiser's lock; whoever waited reads what the holder
   * stored instead of refreshing again. `stale` is an access token Google refused (a 401): refresh even
   * if its expiry says it is still good.
   */
  async accessToken(userId: number, stale?: string): Promise<string> {
    const record = await this.usable(userId);
    if (!needsRefresh(record.tokens, stale)) return record.tokens.access_token as string;
    return this.store.withLock(userId, async () => {
      const current = await this.usable(userId);
      if (!needsRefresh(current.tokens, stale)) return current.tokens.access_token as string;
      const client = this.oauthClient();
      client.setCredentials({ refresh_token: current.tokens.refresh_token ?? null });
      try {
        await client.getAccessToken();
      } catch (error) {
        const failure = googleFailure(error);
        if (failure?.oauthError === 'invalid_grant') {
          // the grant is gone (revoked, expired, password changed): stop retrying, tell the organiser
          // under the lock, and later calls stop at usable(): one breakage, one notice, however many retries
          const brokenAt = Date.now();
          await this.store.put(userId, { ...current, status: 'broken', brokenAt });
          this.logger.warn({ userId }, 'google: grant is gone (invalid_grant), connection marked broken');
          this.onBroken(userId, brokenAt);
          throw new HttpError(409, errorCode.calendarTokenExpired);
        }
        this.logger.warn({ status: failure?.status, reason: failure?.reason }, 'google: refresh failed');
        throw new HttpError(502, errorCode.calendarOauthFailed, {
          detail: failure?.message ?? 'token refresh failed',
        });
      }
      const refreshed = client.credentials;
      // Google omits the refresh token (and sometimes the scope) when refreshing: merge, never overwrite
      const tokens: GoogleTokens = {
        ...current.tokens,
        access_token: refreshed.access_token ?? null,
        expiry_date: refreshed.expiry_date ?? null,
        refresh_token: refreshed.refresh_token || current.tokens.refresh_token,
        scope: refreshed.scope || current.tokens.scope,
      };
      await this.store.put(userId, { ...current, tokens });
      return tokens.access_token as string;
    });
  }

  /**
   * One calendar call on the organiser's behalf: a new client with only the access token (so the library
   * never refreshes behind the lock's back), a 401 refreshes once and retries once, 403
   * rateLimitExceeded and 429 (and 5xx) back off and retry, 403 insufficientPermissions is reported.
   */
  async withCalendar<T>(
    userId: number,
    operation: CalendarOperation,
    call: (api: calendar_v3.Calendar) => Promise<T>,
  ): Promise<T> {
    let token = await this.accessToken(userId);
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const auth = this.oauthClient();
      auth.setCredentials({ access_token: token });
      const api = calendar({ version: 'v3', auth, rootUrl: this.config.apiRootUrl, retry: false });
      try {
        return await call(api);
      } catch (error) {
        const failure = googleFailure(error);
        if (!failure) {
          this.logger.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'google: call failed',
          );
          throw new HttpError(502, FAILED[operation], { detail: 'Google Calendar unreachable' });
        }
        if (failure.status === 401 && !refreshed) {
          refreshed = true;
          token = await this.accessToken(userId, token);
          continue;
        }
        if (failure.status === 401) throw new HttpError(409, errorCode.calendarTokenExpired);
        if (failure.status === 403 && failure.reason === 'insufficientPermissions') {
          throw new HttpError(403, errorCode.calendarForbidden);
        }
        const throttled =
          failure.status === 429 ||
          (failure.status === 403 && /rateLimitExceeded/i.test(failure.reason)) ||
          failure.status >= 500;
        const wait = BACKOFF_MS[attempt - (refreshed ? 1 : 0)];
        if (throttled && wait !== undefined) {
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(wait * (1 + Math.random() / 4), BACKOFF_CAP_MS)),
          );
          continue;
        }
        this.logger.warn(
          { status: failure.status, reason: failure.reason, operation },
          'google: calendar refused',
        );
        throw new HttpError(failure.status === 404 || failure.status === 410 ? 404 : 502, FAILED[operation], {
          detail: failure.reason ? `${failure.message} (${failure.reason})` : failure.message,
        });
      }
    }
  }
}

function needsRefresh(tokens: GoogleTokens, stale?: string): boolean {
  if (!tokens.access_token) return true;
  if (stale !== undefined && tokens.access_token === stale) return true;
  return typeof tokens.expiry_date === 'number' && tokens.expiry_date - REFRESH_MARGIN_MS <= Date.now();
}
