import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Every field that may carry a secret, wherever it sits in a log object (pino's redaction is by path, so
 * the usual nestings are listed). The request log itself never records headers, bodies or query strings.
 */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'currentPassword',
  '*.currentPassword',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  '*.*.accessToken',
  'access_token',
  '*.access_token',
  'refreshToken',
  '*.refreshToken',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'set-cookie',
  '*["set-cookie"]',
  'sessionSecret',
  'sessionSecrets',
  '*.sessionSecrets',
  'webhookHeaderValue',
  '*.webhookHeaderValue',
  'headers',
  '*.headers',
  'config.headers',
];

/** The process logger: JSON lines, secrets censored. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { pid: process.pid, service: 'bff' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
