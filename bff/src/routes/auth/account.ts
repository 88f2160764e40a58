import { forgotPasswordBody, registerBody, resetPasswordBody, verifyEmailBody } from '@evt/contracts/auth';
import { errorCode } from '@evt/contracts/errors';
import { type Locale, localisePath, resolveLocale } from '@evt/contracts/locale';
import type { Request, RequestHandler } from 'express';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
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
export function register({ api, config }: RouteContext): RequestHandler {
  return async (req, res) => {
    const body = validate(registerBody, req.body);
    const locale = localeOf(req, body.locale);
    const answer = await api.call('POST', '/user/addUser', {
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
    const taken = answer.status === 409;
    if (!taken && answer.status !== 200 && answer.status !== 201) {
      throw new HttpError(400, errorCode.registerFailed);
    }
    const verified = !taken && (answer.data as { verified?: unknown } | null)?.verified === true;
    res.status(201).json({ email: body.email, verified });
  };
}

/** Always 202 whether the address is known or not: no account enumeration. */
export function forgotPassword({ api, config }: RouteContext): RequestHandler {
  return async (req, res) => {
    const body = validate(forgotPasswordBody, req.body);
    const locale = localeOf(req, body.locale);
    await api.call('POST', '/user/sendPasswordResetMail/:email', {
      params: { email: body.email },
      requestId: requestId(req),
      body: {
        actions: ['UPDATE_PASSWORD'],
        redirect_uri: config.publicUrl + localisePath(locale, '/reset-password'),
        locale,
      },
    });
    res.status(202).end();
  };
}

export function resetPassword({ api }: RouteContext): RequestHandler {
  return async (req, res) => {
    const body = validate(resetPasswordBody, req.body);
    const answer = await api.call('PUT', '/user/newPassword/:code', {
      params: { code: body.code },
      requestId: requestId(req),
      body: { password: body.password },
    });
    if (answer.status >= 300) throw new HttpError(400, errorCode.invalidCode);
    res.status(204).end();
  };
}

export function verifyEmail({ api }: RouteContext): RequestHandler {
  return async (req, res) => {
    const body = validate(verifyEmailBody, req.body);
    const answer = await api.call('POST', '/user/verifyEmail/:code', {
      params: { code: body.code },
      requestId: requestId(req),
    });
    if (answer.status >= 300) throw new HttpError(400, errorCode.invalidCode);
    res.status(204).end();
  };
}
