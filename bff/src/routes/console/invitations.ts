import { invitationParams, resendRequest, type SentInvitation } from '@evt/contracts/invitations';
import { type Locale, localisePath } from '@evt/contracts/locale';
import { inviteRequest } from '@evt/contracts/members';
import { orgParams } from '@evt/contracts/organizations';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RequestHandler } from 'express';
import { validate } from '../../http/validate';
import { isUpstreamStatus } from '../../upstream/error-codes';
import type { RouteContext } from '../context';
import { expressCaller } from '../roles';

/**
 * The acceptance link of an invitation mail: always this BFF's public origin, in the inviter's language,
 * never a URL from the browser (a member could otherwise mail links to anywhere in the product's name).
 */
function acceptUrl(ctx: RouteContext, locale: Locale | undefined): string {
  return ctx.config.publicUrl + localisePath(locale ?? 'fr', '/organizations/invite');
}

export function invite(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const { id } = validate(orgParams, req.params);
    const body = validate(inviteRequest, req.body);
    const caller = expressCaller(ctx, req, res);
    // an account the inviter can already see (they share an organisation): named in the answer
    const account = await ctx.upstream
      .call(upstreamRoutes.userByEmail, {
        user: caller,
        requestId: caller.requestId,
        params: { email: body.email },
      })
      .catch((error: unknown) => {
        if (isUpstreamStatus(error, 404)) return null;
        throw error;
      });
    const invitation = await ctx.upstream.call(upstreamRoutes.invite, {
      user: caller,
      requestId: caller.requestId,
      params: { id },
      body: {
        email: body.email,
        memberTypeId: body.memberTypeId,
        url: acceptUrl(ctx, body.locale),
        ...(body.locale ? { locale: body.locale } : {}),
      },
    });
    // an address already invited: its pending invitation was sent again, not a second one created
    const sent: SentInvitation = {
      ...invitation,
      account: account && { firstName: account.firstName, lastName: account.lastName },
    };
    res.status(invitation.resent ? 200 : 201).json(sent);
  };
}

export function resend(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const { id } = validate(invitationParams, req.params);
    const body = validate(resendRequest, req.body ?? {});
    const caller = expressCaller(ctx, req, res);
    const invitation = await ctx.upstream.call(upstreamRoutes.resendInvitation, {
      user: caller,
      requestId: caller.requestId,
      params: { id },
      body: { url: acceptUrl(ctx, body.locale), ...(body.locale ? { locale: body.locale } : {}) },
    });
    res.status(200).json(invitation);
  };
}
