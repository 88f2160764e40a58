import { type ErrorCode, errorCode } from '@evt/contracts/errors';
import { invitationParams, resendRequest } from '@evt/contracts/invitations';
import { type Locale, localisePath } from '@evt/contracts/locale';
import { inviteRequest } from '@evt/contracts/members';
import { orgParams } from '@evt/contracts/organizations';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import { endSession, requireAuth } from '../../session/request-session';
import type { RouteContext } from '../context';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: errorCode.validation,
  403: errorCode.forbidden,
  404: errorCode.notFound,
  409: errorCode.conflict,
};

/**
 * The acceptance link of an invitation mail: always this BFF's public origin, in the inviter's language,
 * never a URL from the browser (a member could otherwise mail links to anywhere in the product's name).
 */
function acceptUrl(ctx: RouteContext, locale: Locale | undefined): string {
  return ctx.config.publicUrl + localisePath(locale ?? 'fr', '/organizations/invite');
}

async function relay(
  ctx: RouteContext,
  req: Request,
  res: Response,
  /** the upstream route's pattern (what a log line may show) and its `:id` */
  route: string,
  id: number,
  body: unknown,
  ok: number,
) {
  const auth = requireAuth(req);
  const answer = await ctx.api.call('POST', route, {
    params: { id },
    token: auth.accessToken,
    body,
    requestId: requestId(req),
  });
  if (answer.status === 401) {
    await endSession(req, res, ctx.sessions);
    throw new HttpError(401, errorCode.sessionExpired);
  }
  if (answer.status >= 300)
    throw new HttpError(answer.status, STATUS_CODES[answer.status] ?? errorCode.generic);
  res.status(ok).json(answer.data);
}

export function invite(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const { id } = validate(orgParams, req.params);
    const body = validate(inviteRequest, req.body);
    await relay(
      ctx,
      req,
      res,
      '/organizations/:id/members/invite',
      id,
      { email: body.email, memberTypeId: body.memberTypeId, url: acceptUrl(ctx, body.locale) },
      201,
    );
  };
}

export function resend(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const { id } = validate(invitationParams, req.params);
    const body = validate(resendRequest, req.body ?? {});
    await relay(ctx, req, res, '/invitations/:id/resend', id, { url: acceptUrl(ctx, body.locale) }, 200);
  };
}
