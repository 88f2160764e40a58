import type { authRoutes, Selection } from '@evt/contracts/auth';
import { errorCode } from '@evt/contracts/errors';
import { HttpError } from '../../http/http-error';
import type { RouteHandler } from '../../http/route-adapter';
import { saveSession } from '../../session/request-session';
import type { RouteContext } from '../context';
import { fetchScoped } from '../membership';

/**
 * PUT /session/selection. Omitted fields keep their value; changing the organisation clears the event and
 * commission unless given. The organisation must be one of the user's (asked upstream with their token)
 * and the event must belong to it.
 */
export function updateSelection(ctx: RouteContext): RouteHandler<typeof authRoutes.updateSelection> {
  return async ({ req, res, body }) => {
    const current = req.session.selection!;
    const next: Selection = { ...current };
    if (body.organizationId !== undefined && body.organizationId !== current.organizationId) {
      next.organizationId = body.organizationId;
      next.eventId = null;
      next.commissionId = null;
    }
    if (body.eventId !== undefined) {
      if (body.eventId !== next.eventId) next.commissionId = null;
      next.eventId = body.eventId;
    }
    if (body.commissionId !== undefined) next.commissionId = body.commissionId;

    if (next.organizationId === null && (next.eventId !== null || next.commissionId !== null)) {
      throw new HttpError(400, errorCode.validation, {
        fieldErrors: { organizationId: ['validation.required'] },
      });
    }
    if (next.eventId === null && next.commissionId !== null) {
      throw new HttpError(400, errorCode.validation, { fieldErrors: { eventId: ['validation.required'] } });
    }
    if (next.organizationId !== null && next.organizationId !== current.organizationId) {
      await fetchScoped(ctx, req, res, 'organization', next.organizationId);
    }
    if (next.eventId !== null && next.eventId !== current.eventId) {
      const event = await fetchScoped(ctx, req, res, 'event', next.eventId);
      if (event.organizationId !== next.organizationId) {
        throw new HttpError(400, errorCode.validation, {
          fieldErrors: { eventId: ['validation.invalidInput'] },
        });
      }
    }
    req.session.selection = next;
    await saveSession(req);
    return { status: 200, body: next };
  };
}
