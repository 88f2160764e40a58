import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';

/**
 * A local stand-in for Google's OAuth 2.0 endpoints and the Calendar v3 events API, served over
 * HTTP: nothing in development or tests can reach Google. Read beside `@emulators/google` (npm), which
 * covers the authorisation-code flow and a calendar list/insert/delete but has no consent page that
 * withholds scopes, no refresh or revoke semantics, no get/patch/update, no Meet conference lifecycle and
 * no fault injection: the same paths, formats and event links are used here, written small enough to read.
 *
 * Test controls under `/_emulator/`: expire access tokens, revoke grants, inject faults, read the state.
 * The faults are those the real services show: a hang, a 5xx, a 429 with `Retry-After`, a malformed 200,
 * a call Google carried out whose answer was lost (`afterEffect`), a revoke that fails.
 *
 * Revocation is grant-wide, as Google documents it: a revoke of any token (access or refresh) of a user's
 * grant to a client ends that grant, and Google keeps one grant per (account, client), so every refresh
 * token the client got for that account, by however many consents, stops working.
 */

export interface EmulatorClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface GoogleEmulatorOptions {
  host?: string;
  port?: number;
  clients: EmulatorClient[];
  /** access token lifetime in seconds (default 3600) */
  accessTokenTtlSeconds?: number;
  /** reads of a new conference that still answer `pending` (default 1) */
  pendingConferenceReads?: number;
}

interface Grant {
  id: string;
  clientId: string;
  email: string;
  scopes: string[];
  refreshToken: string;
  revoked: boolean;
  refreshCount: number;
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
}

interface PendingCode {
  grant: Omit<Grant, 'refreshToken' | 'revoked' | 'refreshCount' | 'id'>;
  redirectUri: string;
  challenge: string | null;
  method: string | null;
  expiresAt: number;
}

interface Fault {
  method: string | null;
  pathIncludes: string | null;
  status: number;
  reason: string;
  times: number;
  /** held this long before anything else (longer than the caller's deadline: a hang) */
  delayMs: number;
  /** the `Retry-After` header, in seconds */
  retryAfter: number | null;
  /** a 200 whose body is not what the call answers (`{}`) */
  malformed: boolean;
  /** the call is carried out, then the fault is answered: the caller cannot know it worked */
  afterEffect: boolean;
}

/** A fault as a test asks for it (only `status` and `reason` are required, or `malformed`). */
export interface FaultRequest {
  method?: string;
  pathIncludes?: string;
  status?: number;
  reason?: string;
  times?: number;
  delayMs?: number;
  retryAfter?: number;
  malformed?: boolean;
  afterEffect?: boolean;
}

type CalendarEvent = Record<string, unknown> & {
  id: string;
  status: string;
  owner: string;
  pendingReads: number;
  conferenceData?: Record<string, unknown>;
};

const SCOPE_LABELS: Record<string, string> = {
  'https://www.googleapis.com/auth/calendar': 'See, edit, share and delete all your calendars',
  'https://www.googleapis.com/auth/calendar.events': 'View and edit events on all your calendars',
  openid: 'Associate you with your personal info',
  email: 'See your primary email address',
  profile: 'See your personal info',
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Google's error envelope for its APIs. */
function apiError(res: Response, status: number, reason: string, message: string) {
  res.status(status).json({
    error: {
      code: status,
      message,
      errors: [{ domain: status === 401 ? 'global' : 'calendar', reason, message }],
      status:
        status === 401
          ? 'UNAUTHENTICATED'
          : status === 403
            ? 'PERMISSION_DENIED'
            : status === 404
              ? 'NOT_FOUND'
              : status === 429
                ? 'RESOURCE_EXHAUSTED'
                : 'UNKNOWN',
    },
  });
}

export function createGoogleEmulator(options: GoogleEmulatorOptions) {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const pendingReads = options.pendingConferenceReads ?? 1;
  const clients = new Map(options.clients.map((c) => [c.clientId, c]));
  const codes = new Map<string, PendingCode>();
  const grants = new Map<string, Grant>(); // by refresh token
  const tokens = new Map<string, AccessToken>();
  const events = new Map<string, CalendarEvent>(); // `${owner} ${id}`
  const deleted = new Set<string>();
  let faults: Fault[] = [];
  const sent: { eventId: string; sendUpdates: string; method: string }[] = [];
  /** every secret handed out, for tests that look for them where they must not be */
  const issued: string[] = [];

  const app = express();
  app.disable('x-powered-by');
  app.use(express.urlencoded({ extended: false }));
  app.use(express.json({ limit: '1mb' }));

  /** The fault's answer: OAuth's envelope on the OAuth endpoints, the API envelope elsewhere. */
  function answerFault(req: Request, res: Response, fault: Fault) {
    if (fault.retryAfter !== null) res.set('retry-after', String(fault.retryAfter));
    if (fault.malformed) {
      res.status(200).json({});
      return;
    }
    if (req.path === '/token' || req.path === '/revoke') {
      tokenError(res, fault.status, fault.reason, 'injected fault');
      return;
    }
    apiError(
      res,
      fault.status,
      fault.reason,
      fault.reason === 'backendError' ? 'Backend Error' : 'injected fault',
    );
  }

  // every Google path (not the test controls) may meet an injected fault first
  app.use(async (req, res, next) => {
    if (req.path.startsWith('/_emulator/')) return next();
    const fault = takeFault(req.method, req.path);
    if (!fault) return next();
    if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (res.destroyed || res.writableEnded) return;
    const answers = fault.malformed || fault.status !== 200;
    if (!answers) return next(); // slow, then itself
    if (!fault.afterEffect) return answerFault(req, res, fault);
    // the call happens; its answer is replaced by the fault's
    const json = res.json.bind(res);
    const end = res.end.bind(res);
    const replace = () => {
      res.json = json;
      res.end = end;
      res.removeHeader('content-type');
      answerFault(req, res, fault);
      return res;
    };
    res.json = replace as never;
    res.end = replace as never;
    next();
  });

  // --- OAuth 2.0 -------------------------------------------------------------------------------------------
  app.get('/o/oauth2/v2/auth', (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const client = clients.get(q.client_id ?? '');
    if (!client || !q.redirect_uri || !client.redirectUris.includes(q.redirect_uri)) {
      res
        .status(400)
        .type('html')
        .send('<!doctype html><title>Error 400</title><h1>redirect_uri_mismatch</h1>');
      return;
    }
    const scopes = (q.scope ?? '').split(/\s+/).filter(Boolean);
    const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q[name] ?? '')}">`)
      .join('');
    const boxes = scopes
      .map(
        (scope, i) =>
          `<div><input type="checkbox" id="scope-${i}" name="granted" value="${escapeHtml(scope)}" checked>` +
          ` <label for="scope-${i}">${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</label></div>`,
      )
      .join('');
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Sign in - Google Accounts (local emulator)</title></head><body><main>
<h1>Google (local emulator)</h1>
<p>This is a local stand-in for Google's consent page: nothing leaves this machine.</p>
<form method="post" action="/o/oauth2/v2/auth/decision">${hidden}
<div><label for="email">Google account</label> <input id="email" name="email" type="email" value="${escapeHtml(q.login_hint ?? 'organiser@gmail.example')}" required></div>
<fieldset><legend>The application wants to</legend>${boxes}</fieldset>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form></main></body></html>`);
  });

  app.post('/o/oauth2/v2/auth/decision', (req, res) => {
    const b = req.body as Record<string, string | string[] | undefined>;
    const one = (name: string) => (typeof b[name] === 'string' ? (b[name] as string) : '');
    const client = clients.get(one('client_id'));
    const redirectUri = one('redirect_uri');
    if (!client?.redirectUris.includes(redirectUri)) {
      res.status(400).send('redirect_uri_mismatch');
      return;
    }
    const target = new URL(redirectUri);
    if (one('state')) target.searchParams.set('state', one('state'));
    if (one('decision') !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      res.redirect(303, target.toString());
      return;
    }
    const granted = ([] as string[]).concat(b.granted ?? []);
    const code = randomBytes(24).toString('base64url');
    issued.push(code);
    codes.set(code, {
      grant: { clientId: client.clientId, email: one('email').toLowerCase(), scopes: granted },
      redirectUri,
      challenge: one('code_challenge') || null,
      method: one('code_challenge_method') || null,
      expiresAt: Date.now() + 5 * 60_000,
    });
    target.searchParams.set('code', code);
    target.searchParams.set('scope', granted.join(' '));
    res.redirect(303, target.toString());
  });

  const tokenError = (res: Response, status: number, error: string, description: string) =>
    res.status(status).json({ error, error_description: description });

  const issueAccess = (grant: Grant) => {
    const accessToken = `ya29.emu-${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, { grant, expiresAt: Date.now() + ttl * 1000 });
    issued.push(accessToken);
    return accessToken;
  };

  app.post('/token', (req, res) => {
    const b = req.body as Record<string, string | undefined>;
    const client = clients.get(b.client_id ?? '');
    if (!client || client.clientSecret !== b.client_secret) {
      return tokenError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    }
    if (b.grant_type === 'authorization_code') {
      const pending = codes.get(b.code ?? '');
      codes.delete(b.code ?? '');
      if (!pending || pending.expiresAt < Date.now() || pending.grant.clientId !== client.clientId) {
        return tokenError(res, 400, 'invalid_grant', 'Malformed auth code.');
      }
      if (pending.redirectUri !== b.redirect_uri) {
        return tokenError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      }
      if (pending.challenge) {
        const verifier = b.code_verifier ?? '';
        const computed =
          pending.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
        if (computed !== pending.challenge) {
          return tokenError(res, 400, 'invalid_grant', 'Invalid code verifier.');
        }
      }
      const grant: Grant = {
        ...pending.grant,
        id: randomUUID(),
        refreshToken: `1//emu-${randomBytes(32).toString('base64url')}`,
        revoked: false,
        refreshCount: 0,
      };
      grants.set(grant.refreshToken, grant);
      res.json({
        access_token: issueAccess(grant),
        expires_in: ttl,
        refresh_token: grant.refreshToken,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
      return;
    }
    if (b.grant_type === 'refresh_token') {
      const grant = grants.get(b.refresh_token ?? '');
      if (!grant || grant.revoked || grant.clientId !== client.clientId) {
        return tokenError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      grant.refreshCount++;
      // as Google: no refresh_token in a refresh answer
      res.json({
        access_token: issueAccess(grant),
        expires_in: ttl,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
      return;
    }
    tokenError(res, 400, 'unsupported_grant_type', 'Invalid grant_type.');
  });

  /** Google's grant is the (account, client) pair: every refresh token of it ends, and their access tokens. */
  const revokeGrant = (grant: Grant) => {
    for (const other of grants.values()) {
      if (other.email !== grant.email || other.clientId !== grant.clientId) continue;
      other.revoked = true;
      for (const [token, entry] of tokens) if (entry.grant === other) tokens.delete(token);
    }
  };

  app.post('/revoke', (req, res) => {
    const token = String(req.query.token ?? (req.body as Record<string, string>)?.token ?? '');
    const grant = grants.get(token) ?? tokens.get(token)?.grant;
    if (!grant || grant.revoked) return tokenError(res, 400, 'invalid_token', 'Token expired or revoked');
    revokeGrant(grant);
    res.json({});
  });

  /** The bearer token's grant, or an API error already sent. */
  function authorised(req: Request, res: Response, scopes: string[] | null): Grant | null {
    const header = req.headers.authorization ?? '';
    const entry = tokens.get(header.replace(/^Bearer\s+/i, ''));
    if (!entry || entry.expiresAt <= Date.now() || entry.grant.revoked) {
      apiError(res, 401, 'authError', 'Request had invalid authentication credentials.');
      return null;
    }
    if (scopes && !scopes.some((s) => entry.grant.scopes.includes(s))) {
      apiError(res, 403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
      return null;
    }
    return entry.grant;
  }

  function takeFault(method: string, path: string): Fault | null {
    const fault = faults.find(
      (f) =>
        (f.method === null || f.method === method) &&
        (f.pathIncludes === null || path.includes(f.pathIncludes)),
    );
    if (!fault) return null;
    fault.times--;
    if (fault.times <= 0) faults = faults.filter((f) => f !== fault);
    return fault;
  }

  app.get(['/oauth2/v2/userinfo', '/oauth2/v3/userinfo'], (req, res) => {
    const grant = authorised(req, res, null);
    if (!grant) return;
    res.json({
      id: createHash('sha256').update(grant.email).digest('hex').slice(0, 21),
      email: grant.email,
      verified_email: true,
    });
  });

  // --- Calendar v3 events ----------------------------------------------------------------------------------
  const CAL_SCOPES = [
    'https://www.googleapis.com/auth/calendar',
    'https://www.googleapis.com/auth/calendar.events',
  ];
  const primaryOf = (grant: Grant, calendarId: string) =>
    calendarId === 'primary' ? grant.email : calendarId;

  function view(event: CalendarEvent, read: boolean) {
    const { owner: _owner, pendingReads: _p, ...rest } = event;
    if (event.conferenceData && read && event.pendingReads > 0) {
      event.pendingReads--;
      if (event.pendingReads === 0) {
        const meetCode = `${randomBytes(2).toString('hex').slice(0, 3)}-${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex').slice(0, 3)}`;
        const link = `https://meet.google.com/${meetCode}`;
        event.conferenceData = {
          ...event.conferenceData,
          createRequest: {
            ...(event.conferenceData.createRequest as object),
            status: { statusCode: 'success' },
          },
          entryPoints: [{ entryPointType: 'video', uri: link, label: link.replace('https://', '') }],
          conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
          conferenceId: meetCode,
        };
        event.hangoutLink = link;
      }
    }
    return {
      kind: 'calendar#event',
      ...rest,
      conferenceData: event.conferenceData,
      hangoutLink: event.hangoutLink,
    };
  }

  function applyBody(event: CalendarEvent, body: Record<string, unknown>, conferenceVersion: number) {
    for (const field of ['summary', 'description', 'start', 'end', 'attendees', 'reminders', 'location']) {
      if (body[field] !== undefined) event[field] = body[field];
    }
    const requested = (body.conferenceData as { createRequest?: { requestId?: string } } | undefined)
      ?.createRequest;
    if (conferenceVersion >= 1 && requested?.requestId && !event.conferenceData) {
      event.conferenceData = {
        createRequest: {
          requestId: requested.requestId,
          conferenceSolutionKey: { type: 'hangoutsMeet' },
          status: { statusCode: 'pending' },
        },
      };
      event.pendingReads = pendingReads;
      if (pendingReads === 0) view(event, true);
    }
    event.updated = new Date().toISOString();
    event.sequence = ((event.sequence as number | undefined) ?? -1) + 1;
  }

  const validTimes = (body: Record<string, unknown>) => {
    const start = (body.start as { dateTime?: string } | undefined)?.dateTime;
    const end = (body.end as { dateTime?: string } | undefined)?.dateTime;
    return Boolean(start && end && Date.parse(end) > Date.parse(start));
  };

  app.post('/calendar/v3/calendars/:calendarId/events', (req, res) => {
    const grant = authorised(req, res, CAL_SCOPES);
    if (!grant) return;
    const owner = primaryOf(grant, String(req.params.calendarId));
    const body = req.body as Record<string, unknown>;
    if (!validTimes(body)) return apiError(res, 400, 'timeRangeEmpty', 'The specified time range is empty.');
    const id = typeof body.id === 'string' && body.id ? body.id : randomBytes(13).toString('hex');
    if (!/^[a-v0-9]{5,1024}$/.test(id)) return apiError(res, 400, 'invalid', 'Invalid resource id value.');
    if (events.has(`${owner} ${id}`) || deleted.has(`${owner} ${id}`)) {
      return apiError(res, 409, 'duplicate', 'The requested identifier already exists.');
    }
    const event: CalendarEvent = {
      id,
      status: 'confirmed',
      owner,
      pendingReads: 0,
      htmlLink: `https://calendar.google.com/calendar/event?eid=${Buffer.from(`${id} ${owner}`).toString('base64url')}`,
      created: new Date().toISOString(),
      organizer: { email: owner, self: true },
      creator: { email: owner, self: true },
      iCalUID: `${id}@google.com`,
    };
    applyBody(event, body, Number(req.query.conferenceDataVersion ?? 0));
    events.set(`${owner} ${id}`, event);
    sent.push({ eventId: id, sendUpdates: String(req.query.sendUpdates ?? 'false'), method: 'insert' });
    res.json(view(event, false));
  });

  const eventRoute = '/calendar/v3/calendars/:calendarId/events/:eventId';
  const found = (req: Request, res: Response): { grant: Grant; event: CalendarEvent } | null => {
    const grant = authorised(req, res, CAL_SCOPES);
    if (!grant) return null;
    const key = `${primaryOf(grant, String(req.params.calendarId))} ${String(req.params.eventId)}`;
    if (deleted.has(key)) {
      apiError(res, 410, 'deleted', 'Resource has been deleted');
      return null;
    }
    const event = events.get(key);
    if (!event) {
      apiError(res, 404, 'notFound', 'Not Found');
      return null;
    }
    return { grant, event };
  };

  app.get(eventRoute, (req, res) => {
    const hit = found(req, res);
    if (hit) res.json(view(hit.event, true));
  });
  const change = (method: 'patch' | 'update') => (req: Request, res: Response) => {
    const hit = found(req, res);
    if (!hit) return;
    const body = req.body as Record<string, unknown>;
    const merged = { start: hit.event.start, end: hit.event.end, ...body };
    if (!validTimes(merged))
      return apiError(res, 400, 'timeRangeEmpty', 'The specified time range is empty.');
    if (method === 'update') {
      for (const field of ['description', 'attendees', 'location']) delete hit.event[field];
    }
    applyBody(hit.event, body, Number(req.query.conferenceDataVersion ?? 0));
    sent.push({ eventId: hit.event.id, sendUpdates: String(req.query.sendUpdates ?? 'false'), method });
    res.json(view(hit.event, false));
  };
  app.patch(eventRoute, change('patch'));
  app.put(eventRoute, change('update'));
  app.delete(eventRoute, (req, res) => {
    const hit = found(req, res);
    if (!hit) return;
    const key = `${hit.event.owner} ${hit.event.id}`;
    events.delete(key);
    deleted.add(key);
    sent.push({
      eventId: hit.event.id,
      sendUpdates: String(req.query.sendUpdates ?? 'false'),
      method: 'delete',
    });
    res.status(204).end();
  });

  // --- test controls ---------------------------------------------------------------------------------------
  const controls = {
    /** every access token of `email` (all when omitted) expires now */
    expireTokens(email?: string) {
      for (const entry of tokens.values()) if (!email || entry.grant.email === email) entry.expiresAt = 0;
    },
    /** the user removed the application's access in their Google account */
    revokeGrants(email?: string) {
      for (const grant of grants.values()) if (!email || grant.email === email) revokeGrant(grant);
    },
    /** the next `times` matching calls meet the fault (see Fault) */
    injectFault(fault: FaultRequest) {
      faults.push({
        method: fault.method ?? null,
        pathIncludes: fault.pathIncludes ?? null,
        status: fault.status ?? 200,
        reason: fault.reason ?? '',
        times: fault.times ?? 1,
        delayMs: fault.delayMs ?? 0,
        retryAfter: fault.retryAfter ?? null,
        malformed: fault.malformed ?? false,
        afterEffect: fault.afterEffect ?? false,
      });
    },
    clearFaults() {
      faults = [];
    },
    state() {
      return {
        grants: [...grants.values()].map((g) => ({
          email: g.email,
          scopes: g.scopes,
          revoked: g.revoked,
          refreshCount: g.refreshCount,
        })),
        events: [...events.values()].map((e) => view(e, false)),
        sent: [...sent],
        issuedTokens: [...issued],
        refreshTokens: [...grants.keys()],
      };
    },
  };

  app.post('/_emulator/expire-tokens', (req, res) => {
    controls.expireTokens((req.body as { email?: string }).email);
    res.status(204).end();
  });
  app.post('/_emulator/revoke', (req, res) => {
    controls.revokeGrants((req.body as { email?: string }).email);
    res.status(204).end();
  });
  app.post('/_emulator/faults', (req, res) => {
    controls.injectFault(req.body as FaultRequest);
    res.status(204).end();
  });
  app.delete('/_emulator/faults', (_req, res) => {
    controls.clearFaults();
    res.status(204).end();
  });
  app.get('/_emulator/state', (_req, res) => {
    const { issuedTokens: _i, refreshTokens: _r, ...visible } = controls.state();
    res.json(visible);
  });

  return { app, controls };
}

export interface RunningGoogleEmulator {
  url: string;
  controls: ReturnType<typeof createGoogleEmulator>['controls'];
  close(): Promise<void>;
}

/** Listens on loopback (a free port by default). */
export async function startGoogleEmulator(options: GoogleEmulatorOptions): Promise<RunningGoogleEmulator> {
  const { app, controls } = createGoogleEmulator(options);
  const server = app.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    controls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
