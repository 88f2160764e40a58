import { openSpaceParams, openSpaceQuery } from '@evt/contracts/b2b-profile';
import { type Locale, LOCALES, localisePath } from '@evt/contracts/locale';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { keyFragment } from '@evt/contracts/visitor-pages';
import type { RequestHandler } from 'express';
import { redirectLocal } from '../../http/local-redirect';
import { validate } from '../../http/validate';
import type { RouteContext } from '../context';
import { expressCaller } from '../roles';

/**
 * `/profile/b2b`: the signed-in user's companies in B2B programmes, found by the upstream from
 * the verified address of the token's user (never an address the browser sends).
 */
export function ownProgrammes(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const caller = expressCaller(ctx, req, res);
    res.json(
      await ctx.upstream.call(upstreamRoutes.b2bOwnProgrammes, {
        user: caller,
        requestId: caller.requestId,
      }),
    );
  };
}

/**
 * Opens one of them: the upstream makes a key of the console's own (short-lived; the mailed link keeps
 * working) for a registration of the user's verified address, and the browser is sent to the space with it.
 * The key reaches only this user's browser, in a redirect's fragment: no page, list or log shows it.
 */
export function openOwnSpace(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const { registrationId } = validate(openSpaceParams, req.params);
    const { locale } = validate(openSpaceQuery, req.query);
    const caller = expressCaller(ctx, req, res);
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
    redirectLocal(res, 303, `${space}${keyFragment(key)}`);
  };
}
