import {
  INVITATION_CODE_HEADER,
  type InvitationView,
  invitationCode,
  type invitationRoutes,
  type SentInvitation,
} from '@evt/contracts/invitations';
import { type Locale, localisePath } from '@evt/contracts/locale';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Request } from 'express';
import { requestId } from '../../http/request-id';
import type { RouteHandler } from '../../http/route-adapter';
import { validate } from '../../http/validate';
import { isUpstreamStatus } from '../../upstream/error-codes';
import type { RouteContext } from '../context';

/**
 * The acceptance link of an invitation mail: always this BFF's public origin, in the inviter's language,
 * never a URL from the browser (a member could otherwise mail links to anywhere in the product's name).
 */
function acceptUrl(ctx: RouteContext, locale: Locale | undefined): string {
  return ctx.config.publicUrl + localisePath(locale ?? 'fr', '/organizations/invite');
}

export function invite(ctx: RouteContext): RouteHandler<typeof invitationRoutes.invite> {
  return async ({ params: { id }, body, caller }) => {
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
    return { status: invitation.resent ? 200 : 201, body: sent };
  };
}

export function resend(ctx: RouteContext): RouteHandler<typeof invitationRoutes.resend> {
  return async ({ params: { id }, body, caller }) => {
    const invitation = await ctx.upstream.call(upstreamRoutes.resendInvitation, {
      user: caller,
      requestId: caller.requestId,
      params: { id },
      body: { url: acceptUrl(ctx, body.locale), ...(body.locale ? { locale: body.locale } : {}) },
    });
    return { status: 200, body: invitation };
  };
}

/** The mailed code, from the page's header: never in an API address, which proxies log. */
const codeOf = (req: Request) => validate(invitationCode, req.headers[INVITATION_CODE_HEADER] ?? '');

/** What the invitation page shows, read with the code of its header (public: the code is the secret). */
export function lookupInvitation(ctx: RouteContext): RouteHandler<typeof invitationRoutes.lookup> {
  return async ({ req }) => {
    const code = codeOf(req);
    const rid = requestId(req);
    const [invitation, organizations] = await Promise.all([
      ctx.upstream.call(upstreamRoutes.invitationByCode, { params: { code }, requestId: rid }),
      ctx.upstream.call(upstreamRoutes.invitationOrganizations, { params: { code }, requestId: rid }),
    ]);
    const view: InvitationView = { invitation, organizations: organizations.data };
    return { status: 200, body: view };
  };
}

/** The signed-in invitee joins with the code of the header. */
export function acceptInvitation(ctx: RouteContext): RouteHandler<typeof invitationRoutes.accept> {
  return async ({ req, caller }) => {
    const code = codeOf(req);
    const organization = await ctx.upstream.call(upstreamRoutes.addMember, {
      user: caller,
      requestId: caller.requestId,
      query: { code },
    });
    return { status: 200, body: organization };
  };
}
