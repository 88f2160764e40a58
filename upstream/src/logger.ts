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
