import type { RouteRules } from '@evt/contracts/route-rules';
import type { GoogleConfig } from '../google/google-config';
import type { EnvConfig, GoogleTokenKey, TrustProxy } from './env';

/** What createApp needs: the environment with the upstream resolved (remote, or the embedded one). */
export interface AppConfig {
  production: boolean;
  publicUrl: string;
  secure: boolean;
  upstreamApiUrl: string;
  webhookUrl: string;
  webhookHeaderName: string;
  webhookHeaderValue: string;
  /** the embedded upstream's mail outbox, exposed at /_dev/outbox outside production; null with a remote upstream */
  outboxUrl: string | null;
  redisUrl: string | null;
  /** prefix of every Redis key and channel of this deployment (tests use one per file) */
  keyPrefix: string;
  sessionSecrets: string[];
  sessionIdleTimeoutMs: number;
  sessionAbsoluteTimeoutMs: number;
  /** the store's idle TTL is refreshed at most this often per session */
  sessionTouchIntervalMs: number;
  memoryStoreMaxEntries: number;
  upstreamTimeoutMs: number;
  /** a session store call failing after this long answers 503 (default 800 ms) */
  sessionStoreTimeoutMs?: number;
  webDistDir: string;
  trustProxy: TrustProxy;
  rateLimitAuthMax: number;
  /** calls per API key per minute (api-keys/key-rate-limit.ts) */
  rateLimitApiKeyMax: number;
  rateLimitWindowMs: number;
  /** bearer token for /metrics; unset: open in development, not served in production */
  metricsToken?: string | null;
  /** BADGE_TOKEN_SECRET: the badges' QR token key; unset: derived from the first session secret */
  badgeTokenSecret?: string | null;
  /** TELEGRAM_BOT_USERNAME: the confirmation page offers `https://t.me/<bot>?start=<token>`; unset: no link */
  telegramBotUsername?: string | null;
  /** ROUTE_RULES_FILE's redirects and overrides, looked up before the SPA */
  routeRules?: RouteRules | null;
  /** Google (or the local emulator) for the meetings; null or absent: the calendar is not initialised */
  google?: GoogleConfig | null;
  /** encrypt the organisers' Google tokens at rest, the first for new writes */
  googleTokenKeys?: GoogleTokenKey[];
}

export interface ResolvedUpstream {
  apiUrl: string;
  webhookUrl: string;
  webhookHeaderValue: string;
  outboxUrl: string | null;
}

export function touchIntervalFor(idleTimeoutMs: number): number {
  return Math.max(250, Math.min(60_000, Math.floor(idleTimeoutMs / 10)));
}

export function appConfigFrom(
  env: EnvConfig,
  upstream: ResolvedUpstream,
  google: GoogleConfig | null = null,
): AppConfig {
  return {
    production: env.production,
    publicUrl: env.publicUrl,
    secure: env.secure,
    upstreamApiUrl: upstream.apiUrl.replace(/\/+$/, ''),
    webhookUrl: upstream.webhookUrl.replace(/\/+$/, ''),
    webhookHeaderName: env.webhookHeaderName,
    webhookHeaderValue: upstream.webhookHeaderValue,
    outboxUrl: upstream.outboxUrl,
    redisUrl: env.redisUrl,
    keyPrefix: 'evt:',
    sessionSecrets: env.sessionSecrets,
    sessionIdleTimeoutMs: env.sessionIdleTimeoutMs,
    sessionAbsoluteTimeoutMs: env.sessionAbsoluteTimeoutMs,
    sessionTouchIntervalMs: touchIntervalFor(env.sessionIdleTimeoutMs),
    memoryStoreMaxEntries: 10_000,
    upstreamTimeoutMs: env.upstreamTimeoutMs,
    webDistDir: env.webDistDir,
    trustProxy: env.trustProxy,
    rateLimitAuthMax: env.rateLimitAuthMax,
    rateLimitApiKeyMax: env.rateLimitApiKeyMax,
    rateLimitWindowMs: 15 * 60_000,
    metricsToken: env.metricsToken,
    badgeTokenSecret: env.badgeTokenSecret,
    telegramBotUsername: env.telegramBotUsername,
    routeRules: env.routeRules,
    google,
    googleTokenKeys: env.googleTokenKeys,
  };
}
