import type { b2bProfileRoutes } from '@evt/contracts/b2b-profile';
import { type Locale, LOCALES, localisePath } from '@evt/contracts/locale';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { keyFragment } from '@evt/contracts/visitor-pages';
import type { RouteHandler } from '../../http/route-adapter';
import type { RouteContext } from '../context';

/**
 * `/profile/b2b`: the signed-in user's companies in B2B programmes, found by the upstream from
 * the verified address of the token's user (never an address the browser sends).
 */
export function ownProgrammes(ctx: RouteContext): RouteHandler<typeof b2bProfileRoutes.list> {
  return async ({ caller }) => {
    const body = await ctx.upstream.call(upstreamRoutes.b2bOwnProgrammes, {
      user: caller,
      requestId: caller.requestId,
    });
    return { status: 200, body };
  };
}

/**
 * Opens one of them: the upstream makes a key of the console's own (short-lived; the mailed link keeps
 * working) for a registration of the user's verified address, and the browser is sent to the space with it.
 * The key reaches only this user's browser, in a redirect's fragment: no page, list or log shows it.
 */
export function openOwnSpace(ctx: RouteContext): RouteHandler<typeof b2bProfileRoutes.open> {
  return async ({ params: { registrationId }, query: { locale }, caller, res }) => {
    const { slug, code, key } = await ctx.upstream.call(upstreamRoutes.b2bOwnSpaceKey, {
      user: caller,
      requestId: caller.requestId,
      params: { registrationId },
    });
    const userLocale = caller.session.auth?.user.locale;
    const lang: Locale =
      locale ?? ((LOCALES as readonly string[]).includes(userLocale ?? '') ? (userLocale as Locale) : 'fr');
    res.setHeader('referrer-policy', 'no-referrer');
    // the key in the fragment: the browser keeps it from the redirect and never sends it to a server
    const space = localisePath(lang, `/events-${encodeURIComponent(slug)}/b2b-${code}`);
    return { status: 303, redirect: `${space}${keyFragment(key)}` };
  };
}
