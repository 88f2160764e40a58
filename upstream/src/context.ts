import type { TokenCache } from './auth/token-cache';
import type { Db } from './db/db';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';

/** What every route module receives. */
export interface Ctx {
  db: Db;
  mail: Mailer;
  logger: Logger;
  tokenTtlSeconds: number;
  tokens: TokenCache;
  webhookHeaderName: string;
  webhookHeaderValue: string;
  /** the BFF's public address, for links in mailings; http://localhost:3000 when unset */
  publicUrl?: string;
}
