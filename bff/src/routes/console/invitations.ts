import type { invitationRoutes, SentInvitation } from '@evt/contracts/invitations';
import { type Locale, localisePath } from '@evt/contracts/locale';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RouteHandler } from '../../http/route-adapter';
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
