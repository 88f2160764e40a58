import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

const SECRET = 'a'.repeat(40);
const problemsOf = (env: Record<string, string>) => {
  try {
    loadEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadEnv', () => {
  it('has working defaults: embedded upstream, memory sessions, a random secret', () => {
    const config = loadEnv({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secure).toBe(false);
    expect(config.upstream).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.sessionSecretGenerated).toBe(true);
    expect(config.sessionIdleTimeoutMs).toBe(30 * 60_000);
    expect(config.sessionAbsoluteTimeoutMs).toBe(12 * 3_600_000);
    expect(config.upstreamTimeoutMs).toBe(10_000);
    expect(config.webhookHeaderName).toBe('x-automation-key');
    expect(config.trustProxy).toBe(false);
    expect(config.webDistDir).toMatch(/web[/\\]dist$/);
  });

  it('derives the public URL from PORT and https from PUBLIC_URL', () => {
    expect(loadEnv({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const https = loadEnv({ PUBLIC_URL: 'https://events.example.org/', SESSION_SECRET: SECRET });
    expect(https.publicUrl).toBe('https://events.example.org');
    expect(https.secure).toBe(true);
  });

  it('reads a remote upstream with its webhook settings', () => {
    const config = loadEnv({
      UPSTREAM_API_URL: 'https://api.example.org/v1/',
      AUTOMATION_WEBHOOK_URL: 'https://hooks.example.org/webhook',
      AUTOMATION_WEBHOOK_HEADER_NAME: 'X-Key',
      AUTOMATION_WEBHOOK_HEADER_VALUE: 'k',
    });
    expect(config.upstream).toEqual({
      apiUrl: 'https://api.example.org/v1',
      webhookUrl: 'https://hooks.example.org/webhook',
      webhookHeaderValue: 'k',
    });
    expect(config.webhookHeaderName).toBe('x-key');
  });

  it('splits SESSION_SECRET for rotation', () => {
    const other = 'b'.repeat(32);
    expect(loadEnv({ SESSION_SECRET: `${SECRET}, ${other}` }).sessionSecrets).toEqual([SECRET, other]);
  });

  it('reports one clear line per bad variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      PUBLIC_URL: 'events.example.org',
      REDIS_URL: 'http://localhost:6379',
      SESSION_IDLE_TIMEOUT_MINUTES: '0',
      LOG_LEVEL: 'loud',
      UPSTREAM_TIMEOUT_MS: '1.5',
    });
    expect(problems).toHaveLength(6);
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'REDIS_URL',
      'SESSION_IDLE_TIMEOUT_MINUTES',
      'LOG_LEVEL',
      'UPSTREAM_TIMEOUT_MS',
    ]) {
      expect(problems.some((line) => line.startsWith(`${name}: `))).toBe(true);
    }
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it('requires the webhook settings with a remote upstream', () => {
    const problems = problemsOf({ UPSTREAM_API_URL: 'http://api:8080' });
    expect(problems).toEqual([
      'AUTOMATION_WEBHOOK_URL: required when UPSTREAM_API_URL is set',
      'AUTOMATION_WEBHOOK_HEADER_VALUE: required when UPSTREAM_API_URL is set',
    ]);
  });

  it('requires a long SESSION_SECRET in production and with https', () => {
    expect(problemsOf({ NODE_ENV: 'production', EMBEDDED_UPSTREAM: 'true' })[0]).toMatch(
      /^SESSION_SECRET: required/,
    );
    expect(problemsOf({ PUBLIC_URL: 'https://x.example' })[0]).toMatch(/^SESSION_SECRET: required/);
    expect(problemsOf({ SESSION_SECRET: 'short' })[0]).toMatch(/^SESSION_SECRET: .*at least 32/);
  });

  it('runs the embedded upstream in production only when asked for', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET };
    expect(problemsOf(production)).toEqual([
      'UPSTREAM_API_URL: required in production (or EMBEDDED_UPSTREAM=true to run the reference upstream in-process)',
    ]);
    expect(loadEnv({ ...production, EMBEDDED_UPSTREAM: 'true' }).upstream).toBeNull();
    expect(problemsOf({ EMBEDDED_UPSTREAM: 'false' })).toEqual([
      'UPSTREAM_API_URL: required when EMBEDDED_UPSTREAM=false',
    ]);
    expect(problemsOf({ EMBEDDED_UPSTREAM: 'yes' })[0]).toMatch(/^EMBEDDED_UPSTREAM: /);
    expect(
      problemsOf({
        EMBEDDED_UPSTREAM: 'true',
        UPSTREAM_API_URL: 'http://api:8080',
        AUTOMATION_WEBHOOK_URL: 'http://api:8080/webhook',
        AUTOMATION_WEBHOOK_HEADER_VALUE: 'k',
      }),
    ).toEqual(['EMBEDDED_UPSTREAM: cannot be true when UPSTREAM_API_URL is set']);
  });

  it('refuses in production the example secrets docker-compose.yml once carried', () => {
    const production = { NODE_ENV: 'production', EMBEDDED_UPSTREAM: 'true' };
    expect(
      problemsOf({ ...production, SESSION_SECRET: 'change-me-session-secret-at-least-32-characters-long' }),
    ).toEqual(['SESSION_SECRET: replace the example value with a secret of your own']);
    expect(problemsOf({ SESSION_SECRET: 'change-me-session-secret-at-least-32-characters-long' })).toEqual(
      [],
    );
  });

  it('reads METRICS_TOKEN, at least 32 characters', () => {
    expect(loadEnv({}).metricsToken).toBeNull();
    expect(loadEnv({ METRICS_TOKEN: SECRET }).metricsToken).toBe(SECRET);
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN: must be at least 32 characters']);
  });

  it('takes the Google variables together or not at all', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })[0]).toMatch(/^GOOGLE_CLIENT_ID: /);
    expect(loadEnv({}).google).toBeNull();
  });

  it('parses TRUST_PROXY', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('treats empty variables as unset (docker-compose passes them through empty)', () => {
    expect(loadEnv({ UPSTREAM_API_URL: '', REDIS_URL: ' ', PORT: '' }).upstream).toBeNull();
  });
});
