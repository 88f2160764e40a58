import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authRoutes } from '@evt/contracts/auth';
import { b2bProfileRoutes } from '@evt/contracts/b2b-profile';
import { invitationRoutes } from '@evt/contracts/invitations';
import { memberRoutes } from '@evt/contracts/members';
import { organizationCredentialRoutes } from '@evt/contracts/organization-credentials';
import { meetingRoutes } from '@evt/contracts/meetings';
import { publicRegistrationRoutes } from '@evt/contracts/public-registrations';
import { registrationRoutes } from '@evt/contracts/registrations';
import { kioskRoutes } from '@evt/contracts/kiosk';
import { allRoutes } from '@evt/contracts/routes';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from './config/app-config';
import { csrfMiddleware } from './http/csrf-middleware';
import { errorCode } from '@evt/contracts/errors';
import { apiNotFound, errorMiddleware, notFound } from './http/error-middleware';
import { HttpError } from './http/http-error';
import { requestId } from './http/request-id';
import { parseStrictQuery, rawQueryOf, strictQueryOf } from './http/strict-query';
import { noStore, precomputeSecurityHeaders, securityMiddleware } from './http/security-headers';
import { sendError } from './http/send-error';
import { hasMalformedEscape } from './http/path-encoding';
import { mailBrokenConnection } from './google/broken-mail';
import { GoogleAccounts } from './google/google-accounts';
import { meetingHandlers } from './google/meeting-routes';
import { enqueueLinks, startB2bLinkWorker } from './jobs/b2b-link-jobs';
import { enqueueResend, startResendWorker } from './jobs/resend-jobs';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { b2bProgrammeHandlers } from './routes/console/b2b-programme';
import { googleCallback, googleConnect, googleConnection, googleDisconnect } from './google/oauth-routes';
import { createConnectionStore } from './google/token-store';
import { GOOGLE_TIMINGS, lockTtlMs } from './google/google-transport';
import { createLogger } from './observability/logger';
import { createMetrics, type Metrics } from './observability/metrics';
import { metricsRoute } from './observability/metrics-route';
import { observeRequests } from './observability/request-observer';
import { apiKeyRoutes } from '@evt/contracts/api-keys';
import { webhookRoutes } from '@evt/contracts/webhooks';
import { createKeyAccess } from './api-keys/key-access';
import { apiKeyHandlers } from './api-keys/key-routes';
import { webhookEndpointHandlers } from './webhooks/endpoint-routes';
import { keyRateLimit } from './api-keys/key-rate-limit';
import { createFastPath } from './proxy/fast-path';
import { responseHeaderFilter } from './proxy/forward';
import { upstreamTarget } from './proxy/upstream-target';
import { forgotPassword, register, resetPassword, verifyEmail } from './routes/auth/account';
import { login } from './routes/auth/login';
import { logout } from './routes/auth/logout';
import { me } from './routes/auth/me';
import { authRateLimit, signInDelays } from './routes/auth/rate-limit';
import { automationGateway } from './routes/automation/gateway';
import { acceptInvitation, invite, lookupInvitation, resend } from './routes/console/invitations';
import { memberNames } from './routes/console/member-names';
import { organizationCredentialHandlers } from './routes/console/organization-credentials';
import { generateBadges, scanCheckin, testBadges } from './routes/badges/badges';
import { checkinManifest, checkinRoster, syncCheckins } from './routes/badges/checkin-device';
import { b2bProgrammeRoutes } from '@evt/contracts/b2b';
import { badgeRoutes } from '@evt/contracts/badges';
import { checkinRoutes } from '@evt/contracts/checkin';
import { checkinDeviceRoutes } from '@evt/contracts/checkin-offline';
import { leadAdminRoutes } from '@evt/contracts/leads';
import { sendExhibitorLink } from './routes/badges/exhibitor-links';
import { rightsChanges } from './routes/permissions';
import { featureHandlers, memberHandlers, rightsHandlers } from './routes/rights/rights';
import { expressAccess, expressCaller, fastPathAccess } from './routes/roles';
import { createRouteAdapter } from './http/route-adapter';
import { featureRoutes } from '@evt/contracts/features';
import { rightsRoutes } from '@evt/contracts/rights';
import { registrationAction } from './routes/console/registrations';
import { startKiosk } from './routes/kiosk/kiosk';
import type { RouteContext } from './routes/context';
import { outboxRoutes } from './routes/dev/outbox';
import { webhookReceiverRoutes } from './routes/dev/webhook-receiver';
import { eventFormsReader, eventPageCache } from './routes/public/event-forms';
import { b2bSpaceRoutes } from './routes/public/b2b-space';
import { exhibitorSpaceRoutes } from './routes/public/exhibitor-space';
import { infoRequestPublicRoutes } from './routes/public/info-requests';
import { openOwnSpace, ownProgrammes } from './routes/console/b2b-profile';
import { type PublicLimits, publicLimiters, publicRoutes } from './routes/public/public-routes';
import { healthRoutes } from './routes/health';
import { unsubscribeRoutes } from './routes/public/unsubscribe';
import { updateSelection } from './routes/session/selection';
import { enforceTimeouts } from './session/request-session';
import { connectRedis, type Redis } from './session/redis-client';
import { createSessions, type Sessions } from './session/sessions';
import { routeRules } from './static/route-rules';
import { spaRoutes } from './static/spa';
import { createUpstreamClient } from './upstream/client';
import { visitorFormRender } from './static/visitor-render';

export interface AppDeps {
  logger?: Logger;
  /** Prometheus metrics (a registry per app by default) */
  metrics?: Metrics;
  /** per-client limits of the public registration routes (tests lower them) */
  publicLimits?: Partial<PublicLimits>;
  /**
   * the job queue (jobs/runtime.ts): this BFF works the online B2B links' jobs on it (they need its Google
   * connections). Absent (tests): a queue of its own, made when a first job is asked for.
   */
  jobs?: JobQueue;
}

export interface BffApp {
  /** the request listener for node:http: the proxy fast path, then Express */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  app: express.Express;
  sessions: Sessions;
  redis: Redis | null;
  metrics: Metrics;
  close(): Promise<void>;
}

/** The client address for X-Forwarded-For: appended to the inbound chain only when proxies are trusted. */
function clientIpOf(trustProxy: AppConfig['trustProxy']) {
  return (req: IncomingMessage): string | undefined => {
    const remote = req.socket.remoteAddress;
    const inbound = req.headers['x-forwarded-for'];
    if (trustProxy !== false && typeof inbound === 'string' && inbound) return `${inbound}, ${remote}`;
    return remote;
  };
}

export async function createApp(config: AppConfig, deps: AppDeps = {}): Promise<BffApp> {
  const logger = deps.logger ?? createLogger('info');
  const metrics = deps.metrics ?? createMetrics();
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : null;
  let sessions: Sessions;
  try {
    sessions = await createSessions(config, redis, logger, (op) => metrics.sessionStoreError(op));
  } catch (error) {
    redis?.destroy();
    throw error;
  }
  const upstream = createUpstreamClient({
    restUrl: config.upstreamApiUrl,
    webhookUrl: config.webhookUrl,
    serviceHeader: { name: config.webhookHeaderName, value: config.webhookHeaderValue },
    timeoutMs: config.upstreamTimeoutMs,
    logger,
    onError: (service, kind) => metrics.upstreamError(service, kind),
  });
  const securityHeaders = precomputeSecurityHeaders(config.secure);
  const restTarget = upstreamTarget(config.upstreamApiUrl);
  const webhookTarget = upstreamTarget(config.webhookUrl);
  const publicOrigin = new URL(config.publicUrl).origin;
  const rights = await rightsChanges(redis, `${config.keyPrefix}rights-changed`, logger);
  const ctx: RouteContext = { config, sessions, upstream, redis, logger, securityHeaders, metrics, rights };
  // calls made with an organisation's API key: one check for both stacks (api-keys/key-access.ts)
  const keyAccess = createKeyAccess({
    ...ctx,
    countCall: keyRateLimit({
      redis,
      keyPrefix: config.keyPrefix,
      windowMs: 60_000,
      max: config.rateLimitApiKeyMax,
    }),
  });

  const fastPath = createFastPath({
    routes: allRoutes(),
    sessions,
    target: restTarget,
    publicOrigin,
    timeoutMs: config.upstreamTimeoutMs,
    securityHeaders,
    dropResponseHeaders: responseHeaderFilter(securityHeaders, [config.webhookHeaderName]),
    logger,
    clientIp: clientIpOf(config.trustProxy),
    onUpstreamError: (kind) => metrics.upstreamError('rest', kind),
    authorize: fastPathAccess(ctx, allRoutes()),
    keyCaller: keyAccess,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // req.query is the strict reading (one value per key); an ambiguous /api query is refused below
  app.set('query parser', (text: string | undefined) => {
    const parsed = parseStrictQuery(text ?? '');
    return parsed.ok ? parsed.query : {};
  });
  app.use(securityMiddleware(config.secure));
  app.use((req, res, next) => {
    res.setHeader('x-request-id', requestId(req));
    next();
  });
  app.use(healthRoutes(sessions, config.upstreamApiUrl));
  app.get(
    '/metrics',
    metricsRoute(metrics, { token: config.metricsToken ?? null, production: config.production }),
  );
  // The outbox shows every mail (password reset codes included) to anyone: development only, whatever
  // else is configured.
  if (config.outboxUrl && !config.production) {
    app.use('/_dev/outbox', outboxRoutes(config.outboxUrl, logger));
    app.use('/_dev/webhooks', webhookReceiverRoutes());
  }

  const limits = {
    redis,
    keyPrefix: config.keyPrefix,
    windowMs: config.rateLimitWindowMs,
    max: config.rateLimitAuthMax,
  };
  const limit = (name: string) => authRateLimit(name, limits);
  const passwordLimit = limit('password');
  // every `bff` route of the contract is mounted by the one adapter, from its table (http/route-adapter.ts)
  const adapter = createRouteAdapter({
    callerOf: (req, res) => expressCaller(ctx, req, res),
    access: expressAccess(ctx, allRoutes()),
    keyCaller: (req, route, params) =>
      keyAccess(req, route, params, sessions.readSessionId(req) !== undefined),
    checkResponses: !config.production,
  });
  const apiRouter = express.Router();
  // the public event pages' reads, forgotten when an organiser changes the event's forms
  const eventPages = eventPageCache(ctx);
  // before the JSON parser: webhook bodies (uploads included) are streamed
  apiRouter.all('/automation/:name', automationGateway(ctx, webhookTarget, eventPages));
  apiRouter.use(express.json({ limit: '1mb' }));
  adapter.mount(
    apiRouter,
    authRoutes,
    {
      me: me(ctx),
      login: login(ctx),
      logout: logout(ctx),
      register: register(ctx),
      forgotPassword: forgotPassword(ctx),
      resetPassword: resetPassword(ctx),
      verifyEmail: verifyEmail(ctx),
      updateSelection: updateSelection(ctx),
    },
    {
      before: {
        // per address, then per account: a delay that grows with the account's refused passwords
        login: [limit('login'), ...signInDelays('login', limits)],
        register: [limit('register')],
        forgotPassword: [passwordLimit],
        resetPassword: [passwordLimit],
        verifyEmail: [passwordLimit],
      },
    },
  );
  adapter.mount(apiRouter, invitationRoutes, {
    invite: invite(ctx),
    resend: resend(ctx),
    lookup: lookupInvitation(ctx),
    accept: acceptInvitation(ctx),
  });
  // PDFs drawn by the BFF (a worker thread) and the check-in scan it verifies (routes/badges)
  adapter.mount(apiRouter, badgeRoutes, { testPdf: testBadges(ctx), generate: generateBadges(ctx) });
  adapter.mount(apiRouter, checkinRoutes, { scan: scanCheckin(ctx) });
  adapter.mount(apiRouter, leadAdminRoutes, { sendLink: sendExhibitorLink(ctx) });
  adapter.mount(apiRouter, checkinDeviceRoutes, {
    sync: syncCheckins(ctx),
    roster: checkinRoster(ctx),
    manifest: checkinManifest(),
  });
  // meetings: Google Calendar on each organiser's behalf, Zoom through the webhook
  const googleLogger = logger.child({ component: 'google' });
  const google = config.google
    ? new GoogleAccounts(
        config.google,
        createConnectionStore(redis, config.keyPrefix, config.googleTokenKeys ?? [], {
          logger: googleLogger,
          lockTtlMs: lockTtlMs(config.google.timings ?? GOOGLE_TIMINGS),
        }),
        googleLogger,
        mailBrokenConnection(upstream, googleLogger),
        (target, outcome, seconds) => metrics.outsideCall(target, outcome, seconds),
      )
    : null;
  const notInitialised = async (): Promise<never> => {
    throw new HttpError(503, errorCode.calendarNotInitialised);
  };
  adapter.mount(apiRouter, meetingRoutes, {
    ...meetingHandlers(ctx, google),
    googleConnection: google ? googleConnection(google) : notInitialised,
    googleDisconnect: google ? googleDisconnect(google) : notInitialised,
  });
  // the jobs this BFF works itself: the online B2B meetings' links, queued after the
  // organiser's programme writes, and the visitors' confirmation resends (off the request path)
  let jobQueue: Promise<JobQueue> | null = null;
  const jobQueueOf = () => {
    jobQueue ??= (async () => {
      const queue =
        deps.jobs ??
        (await createJobQueue({ redisUrl: config.redisUrl, prefix: `${config.keyPrefix}jobs`, logger }));
      startB2bLinkWorker(
        queue,
        {
          upstream,
          google,
          logger: logger.child({ component: 'b2b-links' }),
          observe: (target, outcome, seconds) => metrics.outsideCall(target, outcome, seconds),
        },
        logger.child({ component: 'b2b-links' }),
      );
      startResendWorker(queue, upstream);
      return queue;
    })();
    return jobQueue;
  };
  if (deps.jobs) await jobQueueOf();
  adapter.mount(
    apiRouter,
    b2bProgrammeRoutes,
    b2bProgrammeHandlers(ctx, async (job) => enqueueLinks(await jobQueueOf(), job)),
  );
  // the OAuth consent flow's redirects (to Google and back), outside the JSON contract
  const notReady: RequestHandler = () => notInitialised();
  apiRouter.get('/google/connect', google ? googleConnect(google) : notReady);
  apiRouter.get(
    google ? new URL(google.config.redirectUri).pathname.replace(/^\/api/, '') : '/google/callback',
    google ? googleCallback(google) : notReady,
  );
  // changes of access: every instance drops what it had cached (routes/rights)
  adapter.mount(apiRouter, rightsRoutes, rightsHandlers(ctx));
  adapter.mount(apiRouter, featureRoutes, featureHandlers(ctx));
  adapter.mount(apiRouter, memberRoutes, { ...memberHandlers(ctx), names: memberNames(ctx) });
  adapter.mount(apiRouter, organizationCredentialRoutes, organizationCredentialHandlers(ctx));
  adapter.mount(apiRouter, apiKeyRoutes, apiKeyHandlers(ctx));
  adapter.mount(apiRouter, webhookRoutes, webhookEndpointHandlers(ctx));
  // The signed-in user's own companies in B2B programmes (/profile/b2b)
  adapter.mount(apiRouter, b2bProfileRoutes, { list: ownProgrammes(ctx), open: openOwnSpace(ctx) });
  adapter.mount(apiRouter, { act: registrationRoutes.act }, { act: registrationAction(ctx) });
  adapter.mount(apiRouter, { start: kioskRoutes.start }, { start: startKiosk(ctx) });
  apiRouter.use(apiNotFound);
  app.use('/api', noStore);
  app.use('/api', (req, _res, next) => {
    strictQueryOf(rawQueryOf(req.url));
    next();
  });
  // visitors' registration routes: no session to load, own limits and body parsers
  const readPage = eventPages.read;
  const readForms = eventFormsReader(readPage);
  // a B2B company's private space: the personal link is its credential
  app.use('/api/public/b2b', csrfMiddleware(publicOrigin), b2bSpaceRoutes(ctx, adapter, deps.publicLimits));
  // an exhibitor's lead scanning: the link the organiser mailed the stand is its credential
  app.use(
    '/api/public/exhibitors',
    csrfMiddleware(publicOrigin),
    exhibitorSpaceRoutes(ctx, adapter, deps.publicLimits),
  );
  // an information request's answer: the personal link is its credential
  app.use(
    '/api/public/requests',
    csrfMiddleware(publicOrigin),
    infoRequestPublicRoutes(ctx, adapter, deps.publicLimits),
  );
  app.use(
    '/api/public',
    csrfMiddleware(publicOrigin),
    publicRoutes(ctx, adapter, deps.publicLimits, {
      readPage,
      readForms,
      resend: async (job) => enqueueResend(await jobQueueOf(), job),
    }),
  );
  app.use('/api', csrfMiddleware(publicOrigin), sessions.middleware, enforceTimeouts(sessions), apiRouter);
  // a `bff` route of the contract without its handler stops the BFF here, at start-up
  adapter.assertMounted([...allRoutes(), ...Object.values(publicRegistrationRoutes)]);
  // the visitor's form page drawn on the server by the web's own renderer, built next to the SPA
  const { max: publicMax, limit: publicLimit } = publicLimiters(ctx, deps.publicLimits);
  const renderForm = visitorFormRender({
    file: path.resolve(config.webDistDir, '../dist-ssr/server.js'),
    readForms,
    limiter: publicLimit('read', publicMax.read),
    logger,
  });
  // mailings' one-click unsubscribe (RFC 8058): public, token-signed, reached from mail providers
  app.use(unsubscribeRoutes(ctx));
  if (config.routeRules) app.use(routeRules(config.routeRules, sessions));
  app.use(spaRoutes(config.webDistDir, config.secure, renderForm));
  app.use(notFound);
  app.use(errorMiddleware(logger));

  const handler = observeRequests(
    (req: IncomingMessage, res: ServerResponse) => {
      if (hasMalformedEscape(req.url)) {
        sendError(req, res, 400, errorCode.malformedUrl, undefined, securityHeaders);
        return;
      }
      if (!fastPath(req, res)) app(req, res);
    },
    { logger, metrics, routes: allRoutes() },
  );

  return {
    handler,
    app,
    sessions,
    redis,
    metrics,
    async close() {
      // a queue of its own (no `deps.jobs`): closed with the app
      if (jobQueue && !deps.jobs) await (await jobQueue).close();
      await sessions.close();
      await rights.close();
      if (redis) await redis.close().catch(() => redis.destroy());
      restTarget.agent.destroy();
      webhookTarget.agent.destroy();
    },
  };
}
