import {
  INVITATION_CODE_HEADER,
  type InvitationView,
  invitationCode,
  invitationParams,
  resendRequest,
  type SentInvitation,
} from '@evt/contracts/invitations';
import { type Locale, localisePath } from '@evt/contracts/locale';
import { inviteRequest } from '@evt/contracts/members';
import { orgParams } from '@evt/contracts/organizations';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Request, RequestHandler } from 'express';
import { validate } from '../../http/validate';
import { requestId } from '../../http/request-id';
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

/** The mailed code, from the page's header: never in an API address, which proxies log. */
const codeOf = (req: Request) => validate(invitationCode, req.headers[INVITATION_CODE_HEADER] ?? '');

/** What the invitation page shows, read with the code of its header (public: the code is the secret). */
export function lookupInvitation(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const code = codeOf(req);
    const rid = requestId(req);
    const [invitation, organizations] = await Promise.all([
      ctx.upstream.call(upstreamRoutes.invitationByCode, { params: { code }, requestId: rid }),
      ctx.upstream.call(upstreamRoutes.invitationOrganizations, { params: { code }, requestId: rid }),
    ]);
    const view: InvitationView = { invitation, organizations: organizations.data };
    res.setHeader('cache-control', 'no-store');
    res.json(view);
  };
}

/** The signed-in invitee joins with the code of the header. */
export function acceptInvitation(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const code = codeOf(req);
    const caller = expressCaller(ctx, req, res);
    res.json(
      await ctx.upstream.call(upstreamRoutes.addMember, {
        user: caller,
        requestId: caller.requestId,
        query: { code },
      }),
    );
  };
}
