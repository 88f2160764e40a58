import { z } from 'zod';
import { LOCALES } from './locale';
import { email, password, requiredText } from './validation';

/**
 * Bodies and answers of the REST upstream's auth and user calls (spec section 7). The BFF sends and
 * parses these; the reference upstream validates with the same schemas.
 */

/** An absolute http(s) URL the mailed link starts with (`${redirect_uri}?code=…`). */
export const redirectUri = () =>
  z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2048, { error: 'validation.tooLong' });

export const upstreamLoginBody = z.object({
  email: email(),
  password: z.string().min(1).max(1024),
});

export const tokenResponse = z.object({
  access_token: z.string().min(1),
  /** case-insensitive (RFC 6749 section 5.1): `Bearer`, `bearer` */
  token_type: z.string().regex(/^bearer$/i),
  /** seconds */
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const addUserBody = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: email(),
  password: password(),
  locale: z.enum(LOCALES).optional(),
  redirect_uri: redirectUri(),
  /**
   * Extension: the code of a pending invitation sent to this same address. The invitation mail proved the
   * address, so the account is created verified and no verification mail is sent.
   */
  invitation_code: z.string().min(16).max(256).optional(),
});
export type AddUserBody = z.input<typeof addUserBody>;
export const addUserResponse = z.object({ id: z.number().int(), email: z.string(), verified: z.boolean() });

export const passwordResetMailBody = z.object({
  actions: z.array(z.literal('UPDATE_PASSWORD')).min(1),
  redirect_uri: redirectUri(),
  locale: z.enum(LOCALES).optional(),
});
export type PasswordResetMailBody = z.input<typeof passwordResetMailBody>;

export const newPasswordBody = z.object({ password: password() });

/** The one-time code of a mailed link, as a path parameter. */
export const codeParam = z.object({ code: z.string().min(16).max(256) });

/** `GET /user/profil/getUsers?userIds=1,2`: at most 200 distinct ids, comma-separated. */
export const userIdsQuery = z.object({
  userIds: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(200)),
});
