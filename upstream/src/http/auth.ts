import type { RequestHandler, Response } from 'express';
import { isApiKey, type KeyAuth, liveKey, admitKeyCall } from '../api-keys/key-auth';
import { digest } from '../auth/tokens';
import type { Ctx } from '../context';
import { HttpError } from './errors';

export interface AuthUser {
  id: number;
  tokenHash: string;
  /** the call is made with an organisation's API key, as the owner who made it */
  apiKey?: KeyAuth;
}

const unauthenticated = () => new HttpError(401, 'unauthenticated', 'A valid bearer token is required');

/** Bearer token -> user; unknown, expired or revoked tokens are 401. */
export function requireAuth(ctx: Ctx): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!match?.[1]) throw unauthenticated();
    const tokenHash = digest(match[1]);
    if (isApiKey(match[1])) {
      const key = await liveKey(ctx.db, tokenHash);
      if (key === null) throw unauthenticated();
      await admitKeyCall(ctx.db, key, req);
      res.locals.auth = { id: key.userId, tokenHash, apiKey: key } satisfies AuthUser;
      next();
      return;
    }
    let userId = ctx.tokens.get(tokenHash);
    if (userId === undefined) {
      const rows = await ctx.db.query<{ user_id: number; expires_at: Date }>(
        'SELECT user_id, expires_at FROM access_tokens WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()',
        [tokenHash],
      );
      const row = rows[0];
      if (!row) throw unauthenticated();
      userId = row.user_id;
      ctx.tokens.set(tokenHash, userId, new Date(row.expires_at).getTime());
    }
    res.locals.auth = { id: userId, tokenHash } satisfies AuthUser;
    next();
  };
}

export function authOf(res: Response): AuthUser {
  const auth = res.locals.auth as AuthUser | undefined;
  if (!auth) throw unauthenticated();
  return auth;
}
