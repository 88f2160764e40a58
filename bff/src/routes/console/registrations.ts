import { registrationActionParams } from '@evt/contracts/registrations';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RequestHandler } from 'express';
import { validate } from '../../http/validate';
import type { RouteContext } from '../context';
import { expressCaller } from '../roles';

/**
 * An organiser's action on a registration that mails its person (resend, cancel, accept, decline): the
 * mail's links point at this BFF's public origin, never at a URL from the browser. The upstream checks
 * that the caller belongs to the event's organisation and picks the person's language.
 */
export function registrationAction(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const params = validate(registrationActionParams, req.params);
    const caller = expressCaller(ctx, req, res);
    const row = await ctx.upstream.call(upstreamRoutes.registrationAction, {
      user: caller,
      requestId: caller.requestId,
      params,
      body: { origin: ctx.config.publicUrl },
    });
    res.status(200).json(row);
  };
}
