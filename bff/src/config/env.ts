import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import type { RouteRules } from '@evt/contracts/route-rules';
import { z } from 'zod';
import { repoRoot } from './repo-root';
import { readRouteRules } from './route-rules-file';

/** Raised at boot; `message` holds one line per bad variable, ready to print. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());
const httpUrl = (what: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => /^https?:\/\/[^/]/i.test(value) && URL.canParse(value), {
        error: `must be an http:// or https:// URL (${what})`,
      })
      .optional(),
  );
const redisUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .refine((value) => /^rediss?:\/\//i.test(value) && URL.canParse(value), {
      error: 'must be a redis:// or rediss:// URL',
    })
    .optional(),
);
const positiveInt = (fallback: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .positive({ error: 'must be greater than 0' })
      .max(max, { error: `must be at most ${max}` })
      .default(fallback),
  );

const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a port number' })
      .int({ error: 'must be a port number' })
      .min(0, { error: 'must be between 0 and 65535' })
      .max(65535, { error: 'must be between 0 and 65535' })
      .default(3000),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().trim().default('0.0.0.0')),
  PUBLIC_URL: httpUrl('the address browsers use, e.g. https://events.example.org'),
  UPSTREAM_API_URL: httpUrl('the REST API base address'),
  EMBEDDED_UPSTREAM: z.preprocess(
    blankToUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  AUTOMATION_WEBHOOK_URL: httpUrl('the automation webhook base address'),
  AUTOMATION_WEBHOOK_HEADER_NAME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]+$/, { error: 'must be an HTTP header name (letters, digits, dashes)' })
      .default(DEFAULT_WEBHOOK_HEADER_NAME),
  ),
  AUTOMATION_WEBHOOK_HEADER_VALUE: optionalString,
  REDIS_URL: redisUrl,
  SESSION_SECRET: optionalString,
  SESSION_IDLE_TIMEOUT_MINUTES: positiveInt(30, 7 * 24 * 60),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: positiveInt(12, 24 * 90),
  UPSTREAM_TIMEOUT_MS: positiveInt(10_000, 600_000),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
  WEB_DIST_DIR: optionalString,
  UPSTREAM_DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  SMTP_URL: optionalString,
  TRUST_PROXY: optionalString,
  RATE_LIMIT_AUTH_MAX: positiveInt(20, 100_000),
  RATE_LIMIT_API_KEY_MAX: positiveInt(600, 1_000_000),
  METRICS_TOKEN: optionalString,
  BADGE_TOKEN_SECRET: optionalString,
  /** the bot that sends participants their notifications; unset: the preference is only recorded */
  TELEGRAM_BOT_USERNAME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{3,30}[Bb][Oo][Tt]$/, {
        error: 'must be a Telegram bot username (5 to 32 letters, digits or _, ending in bot)',
      })
      .optional(),
  ),
  ROUTE_RULES_FILE: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_REDIRECT_URI: httpUrl('the Google OAuth callback address'),
  GOOGLE_TOKEN_KEYS: optionalString,
});

export type TrustProxy = boolean | number | string;

export interface RemoteUpstream {
  apiUrl: string;
  webhookUrl: string;
  webhookHeaderValue: string;
}

/** The validated environment. `upstream` is null when the embedded reference upstream must be started. */
export interface EnvConfig {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  secure: boolean;
  upstream: RemoteUpstream | null;
  webhookHeaderName: string;
  redisUrl: string | null;
  sessionSecrets: string[];
  /** true when no SESSION_SECRET was given and a random one was drawn for this process */
  sessionSecretGenerated: boolean;
  sessionIdleTimeoutMs: number;
  sessionAbsoluteTimeoutMs: number;
  upstreamTimeoutMs: number;
  logLevel: string;
  webDistDir: string;
  upstreamDataDir: string;
  /** the shared header value given to the embedded upstream; drawn at random when unset */
  embeddedWebhookHeaderValue: string | null;
  databaseUrl: string | null;
  smtpUrl: string | null;
  trustProxy: TrustProxy;
  rateLimitAuthMax: number;
  /** calls per API key per minute */
  rateLimitApiKeyMax: number;
  /** bearer token /metrics asks for; null: /metrics is open in development and off in production */
  metricsToken: string | null;
  /** the key of the badges' QR tokens (BADGE_TOKEN_SECRET); null: derived from the session secret */
  badgeTokenSecret: string | null;
  /** TELEGRAM_BOT_USERNAME: the bot of the confirmation page's deep link; null: no link */
  telegramBotUsername: string | null;
  google: { clientId: string; clientSecret: string; redirectUri: string } | null;
  /** keys that encrypt the organisers' Google tokens at rest, the first one for new writes (GOOGLE_TOKEN_KEYS) */
  googleTokenKeys: GoogleTokenKey[];
  /** true when no GOOGLE_TOKEN_KEYS was given and a key was drawn for this process */
  googleTokenKeyGenerated: boolean;
  /** the operator's route rules (ROUTE_RULES_FILE), null without a file */
  routeRules: RouteRules | null;
}

export interface GoogleTokenKey {
  id: string;
  key: Buffer;
}

/**
 * GOOGLE_TOKEN_KEYS: `id:base64key` entries, comma-separated, each key 32 bytes (AES-256-GCM). The first
 * encrypts; the others still decrypt what they encrypted, so a key can be rotated without a migration.
 */
function parseTokenKeys(value: string, problems: string[]): GoogleTokenKey[] {
  const keys: GoogleTokenKey[] = [];
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/.exec(entry);
    const key = match ? Buffer.from(match[2] as string, 'base64') : null;
    if (!match || !key || key.length !== 32) {
      problems.push('GOOGLE_TOKEN_KEYS: each entry must be id:key, the key 32 bytes in base64');
      return [];
    }
    if (keys.some((k) => k.id === match[1])) {
      problems.push(`GOOGLE_TOKEN_KEYS: the key id ${match[1]} appears twice`);
      return [];
    }
    keys.push({ id: match[1] as string, key });
  }
  return keys;
}

const SECRET_MIN_LENGTH = 32;
const METRICS_TOKEN_MIN_LENGTH = 32;

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Validates `env` (normally process.env) and derives the BFF's configuration, or throws ConfigError. */
export function loadEnv(env: Record<string, string | undefined>): EnvConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const secure = publicUrl.toLowerCase().startsWith('https://');
  const production = e.NODE_ENV === 'production';

  let upstream: RemoteUpstream | null = null;
  if (e.UPSTREAM_API_URL) {
    if (!e.AUTOMATION_WEBHOOK_URL) {
      problems.push('AUTOMATION_WEBHOOK_URL: required when UPSTREAM_API_URL is set');
    }
    if (!e.AUTOMATION_WEBHOOK_HEADER_VALUE) {
      problems.push('AUTOMATION_WEBHOOK_HEADER_VALUE: required when UPSTREAM_API_URL is set');
    }
    upstream = {
      apiUrl: e.UPSTREAM_API_URL.replace(/\/+$/, ''),
      webhookUrl: (e.AUTOMATION_WEBHOOK_URL ?? '').replace(/\/+$/, ''),
      webhookHeaderValue: e.AUTOMATION_WEBHOOK_HEADER_VALUE ?? '',
    };
  } else if (e.AUTOMATION_WEBHOOK_URL) {
    problems.push('UPSTREAM_API_URL: required when AUTOMATION_WEBHOOK_URL is set');
  } else if (e.EMBEDDED_UPSTREAM === 'false' || (production && e.EMBEDDED_UPSTREAM !== 'true')) {
    // The embedded reference upstream is a development aid (demo accounts, readable mail outbox): a
    // production deployment that forgot its upstream must not quietly come up on it.
    problems.push(
      production
        ? 'UPSTREAM_API_URL: required in production (or EMBEDDED_UPSTREAM=true to run the reference upstream in-process)'
        : 'UPSTREAM_API_URL: required when EMBEDDED_UPSTREAM=false',
    );
  }
  if (e.UPSTREAM_API_URL && e.EMBEDDED_UPSTREAM === 'true') {
    problems.push('EMBEDDED_UPSTREAM: cannot be true when UPSTREAM_API_URL is set');
  }
  if (e.BADGE_TOKEN_SECRET && e.BADGE_TOKEN_SECRET.length < SECRET_MIN_LENGTH) {
    problems.push(`BADGE_TOKEN_SECRET: must be at least ${SECRET_MIN_LENGTH} characters`);
  }
  if (e.METRICS_TOKEN && e.METRICS_TOKEN.length < METRICS_TOKEN_MIN_LENGTH) {
    problems.push(`METRICS_TOKEN: must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`);
  }

  // a secret copied from an example (docker-compose.yml's former defaults) is public: refused in production
  if (production) {
    for (const name of ['SESSION_SECRET', 'AUTOMATION_WEBHOOK_HEADER_VALUE', 'METRICS_TOKEN'] as const) {
      if (/change[-_ ]?me/i.test(e[name] ?? ''))
        problems.push(`${name}: replace the example value with a secret of your own`);
    }
  }

  let sessionSecrets: string[] = [];
  let sessionSecretGenerated = false;
  if (e.SESSION_SECRET) {
    sessionSecrets = e.SESSION_SECRET.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (sessionSecrets.some((s) => s.length < SECRET_MIN_LENGTH)) {
      problems.push(
        `SESSION_SECRET: each comma-separated secret must be at least ${SECRET_MIN_LENGTH} characters`,
      );
    }
  }
  if (sessionSecrets.length === 0) {
    if (production || secure) {
      problems.push('SESSION_SECRET: required in production and when PUBLIC_URL is https');
    }
    sessionSecrets = [randomBytes(32).toString('base64url')];
    sessionSecretGenerated = true;
  }

  const google = [e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_REDIRECT_URI];
  if (google.some(Boolean) && !google.every(Boolean)) {
    problems.push(
      'GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REDIRECT_URI go together',
    );
  }
  if (e.GOOGLE_REDIRECT_URI && !new URL(e.GOOGLE_REDIRECT_URI).pathname.startsWith('/api/')) {
    problems.push(
      'GOOGLE_REDIRECT_URI: its path must be below /api/ (e.g. https://events.example.org/api/google/callback)',
    );
  }
  let googleTokenKeys = e.GOOGLE_TOKEN_KEYS ? parseTokenKeys(e.GOOGLE_TOKEN_KEYS, problems) : [];
  const googleTokenKeyGenerated = googleTokenKeys.length === 0 && !e.GOOGLE_TOKEN_KEYS;
  if (googleTokenKeyGenerated) {
    // the organisers' Google grants outlive sessions and restarts only with a configured key
    if (production && google.every(Boolean)) {
      problems.push('GOOGLE_TOKEN_KEYS: required in production when GOOGLE_CLIENT_ID is set');
    }
    googleTokenKeys = [{ id: 'boot', key: randomBytes(32) }];
  }
  const rules = e.ROUTE_RULES_FILE ? readRouteRules(e.ROUTE_RULES_FILE) : { rules: null };
  if ('problems' in rules) problems.push(...rules.problems);
  if (problems.length > 0 || 'problems' in rules) throw new ConfigError(problems);

  const root = repoRoot();
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secure,
    upstream,
    webhookHeaderName: e.AUTOMATION_WEBHOOK_HEADER_NAME.toLowerCase(),
    redisUrl: e.REDIS_URL ?? null,
    sessionSecrets,
    sessionSecretGenerated,
    sessionIdleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    sessionAbsoluteTimeoutMs: e.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(root, 'web/dist')),
    upstreamDataDir: e.UPSTREAM_DATA_DIR ?? path.join(root, '.data/upstream'),
    embeddedWebhookHeaderValue: upstream ? null : (e.AUTOMATION_WEBHOOK_HEADER_VALUE ?? null),
    databaseUrl: e.DATABASE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitAuthMax: e.RATE_LIMIT_AUTH_MAX,
    rateLimitApiKeyMax: e.RATE_LIMIT_API_KEY_MAX,
    metricsToken: e.METRICS_TOKEN ?? null,
    badgeTokenSecret: e.BADGE_TOKEN_SECRET ?? null,
    telegramBotUsername: e.TELEGRAM_BOT_USERNAME ?? null,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET && e.GOOGLE_REDIRECT_URI
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            redirectUri: e.GOOGLE_REDIRECT_URI,
          }
        : null,
    googleTokenKeys,
    googleTokenKeyGenerated,
    routeRules: rules.rules,
  };
}
