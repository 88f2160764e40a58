import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { type Locale, DEFAULT_LOCALE, localisePath } from '@evt/contracts/locale';
import { codeParam } from '@evt/contracts/upstream-auth';
import { email } from '@evt/contracts/validation';
import type { Router } from 'express';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { digest, randomToken } from '../auth/tokens';
import type { Ctx } from '../context';
import type { Queryable } from '../db/db';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { loggableError } from '../logger';
import { parse } from '../http/validate';
import { composeMail } from '../mail/templates';
import { toUser } from '../model/mappers';

const VERIFY_TTL_SECONDS = 7 * 24 * 3600;
const RESET_TTL_SECONDS = 3600;

const invalidCode = () => new HttpError(400, 'invalid_code', 'The code is unknown, used or expired');

/** Stores a one-time code (hashed) and returns the clear value for the mailed link. */
async function issueCode(
  db: Queryable,
  userId: number,
  purpose: string,
  ttlSeconds: number,
): Promise<string> {
  const code = randomToken();
  await db.query(
    `INSERT INTO user_codes (code_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + ($4::int * interval '1 second'))`,
    [digest(code), userId, purpose, ttlSeconds],
  );
  return code;
}

/** Marks the code used and returns its user, or throws invalid_code; single use even under concurrency. */
async function consumeCode(db: Queryable, code: string, purpose: string): Promise<number> {
  const rows = await db.query<{ user_id: number }>(
    `UPDATE user_codes SET used_at = now()
     WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [digest(code), purpose],
  );
  if (!rows[0]) throw invalidCode();
  return rows[0].user_id;
}

const withCode = (uri: string, code: string) => {
  const url = new URL(uri);
  url.searchParams.set('code', code);
  return url.toString();
};

/**
 * Sign-up with an address that has an account: the answer stays 409 for the caller (a server, which
 * must hide it: the BFF answers as for a new address), and the owner is told by mail, in their own
 * language, with a link to the sign-in page of the site that asked (the origin of its redirect_uri).
 */
async function mailAccountExists(ctx: Ctx, address: string, fallback: Locale, redirectUri: string) {
  const rows = await ctx.db.query<{ first_name: string; locale: string | null }>(
    'SELECT first_name, locale FROM users WHERE email = $1',
    [address],
  );
  const owner = rows[0];
  if (!owner) return;
  const locale = (owner.locale as Locale | null) ?? fallback;
  const link = new URL(localisePath(locale, '/auth/login'), redirectUri).toString();
  try {
    const mail = composeMail('accountExists', locale, { name: owner.first_name, link });
    await ctx.mail.send({ to: address, locale, ...mail });
  } catch (error) {
    ctx.logger.error({ err: error }, 'account-exists mail failed');
  }
}

export function authRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(upstreamRoutes.login, async ({ body }, _req, res) => {
    const rows = await db.query<{ id: number; password_hash: string; email_verified: boolean }>(
      'SELECT id, password_hash, email_verified FROM users WHERE email = $1',
      [body.email],
    );
    const user = rows[0];
    const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok) throw new HttpError(401, 'invalid_credentials', 'Wrong e-mail address or password');
    if (!user.email_verified)
      throw new HttpError(403, 'email_not_verified', 'The e-mail address has not been confirmed yet');
    const token = randomToken();
    await db.query(
      `INSERT INTO access_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + ($3::int * interval '1 second'))`,
      [digest(token), user.id, ctx.tokenTtlSeconds],
    );
    res.json({ access_token: token, token_type: 'Bearer', expires_in: ctx.tokenTtlSeconds });
  });

  mount(upstreamRoutes.userinfo, async (_input, _req, res) => {
    const rows = await db.query('SELECT * FROM users WHERE id = $1', [authOf(res).id]);
    if (!rows[0]) throw new HttpError(401, 'unauthenticated', 'A valid bearer token is required');
    res.json(toUser(rows[0]));
  });

  /** Extension: the signed-in user's own name and preferred language (mails follow it). */
  mount(apiRoutes.profile.update, async ({ body }, _req, res) => {
    const rows = await db.query(
      'UPDATE users SET first_name = $2, last_name = $3, locale = $4 WHERE id = $1 RETURNING *',
      [authOf(res).id, body.firstName, body.lastName, body.locale],
    );
    if (!rows[0]) throw new HttpError(401, 'unauthenticated', 'A valid bearer token is required');
    res.json(toUser(rows[0]));
  });

  mount(upstreamRoutes.logout, async (_input, _req, res) => {
    const { tokenHash } = authOf(res);
    ctx.tokens.forget(tokenHash);
    await db.query('UPDATE access_tokens SET revoked_at = now() WHERE token_hash = $1', [tokenHash]);
    res.status(204).end();
  });

  mount(upstreamRoutes.addUser, async ({ body }, _req, res) => {
    const locale: Locale = body.locale ?? DEFAULT_LOCALE;
    const passwordHash = await hashPassword(body.password);
    // The invitation mail already proved the address (extension, see README): no second verification.
    const invited = body.invitation_code
      ? await db.query(
          `SELECT 1 FROM invitations WHERE code_hash = $1 AND email = $2 AND status = 'pending' AND expires_at > now()`,
          [digest(body.invitation_code), body.email],
        )
      : [];
    const verified = invited.length > 0;
    const created = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, locale, email_verified)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING RETURNING id`,
        [body.email, passwordHash, body.firstName, body.lastName, locale, verified],
      );
      const id = rows[0]?.id;
      if (!id) return undefined;
      return { id, code: verified ? '' : await issueCode(tx, id, 'verify_email', VERIFY_TTL_SECONDS) };
    });
    if (!created) {
      await mailAccountExists(ctx, body.email, locale, body.redirect_uri);
      throw new HttpError(409, 'email_taken', 'An account already uses this e-mail address');
    }
    if (verified) {
      res.status(201).json({ id: created.id, email: body.email, verified });
      return;
    }
    const mail = composeMail('verifyEmail', locale, {
      name: body.firstName,
      link: withCode(body.redirect_uri, created.code),
    });
    await ctx.mail.send({ to: body.email, locale, ...mail });
    res.status(201).json({ id: created.id, email: body.email, verified });
  });

  mount(upstreamRoutes.verifyEmail, async (_input, req, res) => {
    const { code } = parseCode(req.params);
    const userId = await consumeCode(db, code, 'verify_email');
    await db.query('UPDATE users SET email_verified = true WHERE id = $1', [userId]);
    res.status(204).end();
  });

  mount(upstreamRoutes.sendPasswordResetMail, async ({ body }, req, res) => {
    const address = parse(email(), req.params.email);
    const rows = await db.query<{ id: number; first_name: string; locale: string | null }>(
      'SELECT id, first_name, locale FROM users WHERE email = $1',
      [address],
    );
    const user = rows[0];
    // 202 whether or not the account exists: the answer must not reveal which addresses have one.
    res.status(202).end();
    if (!user) return;
    const locale: Locale = body.locale ?? (user.locale as Locale | null) ?? DEFAULT_LOCALE;
    try {
      const code = await issueCode(db, user.id, 'reset_password', RESET_TTL_SECONDS);
      const mail = composeMail('resetPassword', locale, {
        name: user.first_name,
        link: withCode(body.redirect_uri, code),
      });
      await ctx.mail.send({ to: address, locale, ...mail });
    } catch (error) {
      ctx.logger.error({ err: loggableError(error) }, 'password reset mail failed');
    }
  });

  mount(upstreamRoutes.newPassword, async ({ body }, req, res) => {
    const { code } = parseCode(req.params);
    const passwordHash = await hashPassword(body.password);
    const userId = await db.transaction(async (tx) => {
      const owner = await consumeCode(tx, code, 'reset_password');
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [owner, passwordHash]);
      // whoever held a session before the reset loses it
      await tx.query(
        'UPDATE access_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
        [owner],
      );
      return owner;
    });
    ctx.tokens.forgetUser(userId);
    res.status(204).end();
  });

  // Members-only visibility: a user is visible to themself and to those who share an organisation.
  const VISIBLE = `(u.id = $1 OR EXISTS (
      SELECT 1 FROM organization_members a JOIN organization_members b ON a.organization_id = b.organization_id
      WHERE a.user_id = $1 AND b.user_id = u.id))`;

  mount(upstreamRoutes.userByEmail, async (_input, req, res) => {
    const address = parse(email(), req.params.email);
    const rows = await db.query(`SELECT u.* FROM users u WHERE u.email = $2 AND ${VISIBLE}`, [
      authOf(res).id,
      address,
    ]);
    if (!rows[0]) throw notFound('User');
    res.json(toUser(rows[0]));
  });

  mount(upstreamRoutes.usersByIds, async ({ query }, _req, res) => {
    const { userIds } = query;
    const rows = await db.query(
      `SELECT u.* FROM users u WHERE u.id = ANY($2::int[]) AND ${VISIBLE} ORDER BY u.id`,
      [authOf(res).id, userIds],
    );
    res.json({ data: rows.map(toUser) });
  });

  return router;
}

const parseCode = (params: unknown) => {
  const result = codeParam.safeParse(params);
  if (!result.success) throw invalidCode();
  return result.data;
};
