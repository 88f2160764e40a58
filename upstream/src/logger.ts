export interface Logger {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

/** Without a logger from the host, only problems are printed (tests stay quiet). */
export const defaultLogger: Logger = {
  info() {},
  warn(o, m) {
    console.warn(m ?? '', o);
  },
  error(o, m) {
    console.error(m ?? '', o);
  },
};

/**
 * What a log line may hold of an error: its type, message, code and stack. PGlite hangs the failed
 * query's parameters on its errors (addresses, token hashes), nodemailer the recipients; a host logger
 * (pino in the BFF, JSON.stringify standalone) would print every such field.
 */
export function loggableError(error: unknown): object {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...(code === undefined ? {} : { code }),
  };
}
