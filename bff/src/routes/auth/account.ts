import type { authRoutes } from '@evt/contracts/auth';
import { type Locale, localisePath, resolveLocale } from '@evt/contracts/locale';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Request } from 'express';
import { requestId } from '../../http/request-id';
import type { RouteHandler } from '../../http/route-adapter';
import { isUpstreamStatus } from '../../upstream/error-codes';
import type { RouteContext } from '../context';

/** The language of mails and of the links in them: the body's, else the SPA's cookie, else the browser's. */
function localeOf(req: Request, fromBody: Locale | undefined): Locale {
  if (fromBody) return fromBody;
  const cookie = /(?:^|;\s*)locale=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  const languages = (req.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim());
  return resolveLocale({ pathname: '/', cookie, browserLanguages: languages });
}

/**
 * A taken address answers exactly like a new one (201, "check your mailbox"): a different answer told
 * anyone which addresses have an account. The upstream mails the owner instead (reference upstream:
 * `mailAccountExists`), so a real owner who forgot learns to sign in or reset the password.
 */
export function register({ upstream, config }: RouteContext): RouteHandler<typeof authRoutes.register> {
  return async ({ req, body }) => {
    const locale = localeOf(req, body.locale);
    let verified = false;
    try {
      const created = await upstream.call(upstreamRoutes.addUser, {
        requestId: requestId(req),
        body: {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          password: body.password,
          locale,
          redirect_uri: config.publicUrl + localisePath(locale, '/verify-email'),
          invitation_code: body.invitationCode,
        },
      });
      verified = created.verified;
    } catch (error) {
      if (!isUpstreamStatus(error, 409)) throw error;
    }
    return { status: 201, body: { email: body.email, verified } };
  };
}

/** Always 202 whether the address is known or not: no account enumeration. */
export function forgotPassword({
  upstream,
  config,
}: RouteContext): RouteHandler<typeof authRoutes.forgotPassword> {
  return async ({ req, body }) => {
    const locale = localeOf(req, body.locale);
    await upstream.call(upstreamRoutes.sendPasswordResetMail, {
      params: { email: body.email },
      requestId: requestId(req),
      body: {
        actions: ['UPDATE_PASSWORD'],
        redirect_uri: config.publicUrl + localisePath(locale, '/reset-password'),
        locale,
      },
    });
    return { status: 202 };
  };
}

/** An unknown, used or expired code: 400 errors.invalidCode (upstreamRoutes.newPassword's refusals). */
export function resetPassword({ upstream }: RouteContext): RouteHandler<typeof authRoutes.resetPassword> {
  return async ({ req, body }) => {
    await upstream.call(upstreamRoutes.newPassword, {
      params: { code: body.code },
      requestId: requestId(req),
      body: { password: body.password },
    });
    return { status: 204 };
  };
}

export function verifyEmail({ upstream }: RouteContext): RouteHandler<typeof authRoutes.verifyEmail> {
  return async ({ req, body }) => {
    await upstream.call(upstreamRoutes.verifyEmail, {
      params: { code: body.code },
      requestId: requestId(req),
    });
    return { status: 204 };
  };
}
