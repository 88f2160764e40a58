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
  // concrete addresses, paths, queries and bodies carry codes, tokens and e-mail addresses: log lines
  // name routes by their pattern (`route`, `upstream`); these catch a field written by mistake
  'email',
  '*.email',
  'to',
  'invitationCode',
  '*.invitationCode',
  'url',
  '*.url',
  'path',
  '*.path',
  'query',
  '*.query',
  'params',
  '*.params',
  'body',
  '*.body',
];

/**
 * Errors keep their type, message, code and stack, nothing else: libraries hang the data of the failed
 * operation on them (PGlite its SQL parameters, nodemailer the recipients), which pino would print.
 */
function safeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { type, message, stack, code } = pino.stdSerializers.err(error) as Record<string, unknown>;
  return { type, message, stack, ...(code === undefined ? {} : { code }) };
}

/** The process logger: JSON lines, secrets censored. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: safeError },
      base: { pid: process.pid, service: 'bff' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
