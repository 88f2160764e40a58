import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Request, Response } from 'express';
import { saveSession } from '../session/request-session';
import { stillTrusted } from './permissions';
import type { RouteContext } from './context';
import { expressCaller } from './roles';

export type ScopeKind = 'organization' | 'event';

/** How long a positive membership answer is trusted, per session. */
const MEMBERSHIP_TTL_MS = 5 * 60_000;

/**
 * Whether the signed-in user may act on an organisation or event: the REST upstream decides (GET
 * /organizations/{id} or /events/{id} with the user's token answers 403 to a non-member). Answers the
 * organisation the scope belongs to. 401 from upstream ends the session.
 */
export async function fetchScoped(
  ctx: RouteContext,
  req: Request,
  res: Response,
  kind: ScopeKind,
  id: number,
): Promise<{ organizationId: number }> {
  const caller = expressCaller(ctx, req, res);
  const input = { user: caller, requestId: caller.requestId, params: { id } };
  if (kind === 'organization') {
    return { organizationId: (await ctx.upstream.call(upstreamRoutes.organization, input)).id };
  }
  return { organizationId: (await ctx.upstream.call(upstreamRoutes.event, input)).organizationId };
}

/**
 * fetchScoped with the positive answer remembered in the session for a few minutes, or until access
 * changes anywhere (a member removed: permissions.ts `stillTrusted`).
 */
export async function assertMember(
  ctx: RouteContext,
  req: Request,
  res: Response,
  kind: ScopeKind,
  id: number,
): Promise<void> {
  const key = `${kind}:${id}`;
  if (stillTrusted(ctx.rights, req.session.memberships?.[key])) return;
  const at = Date.now();
  await fetchScoped(ctx, req, res, kind, id);
  const now = Date.now();
  const kept = Object.entries(req.session.memberships ?? {}).filter(([, entry]) => entry.until > now);
  req.session.memberships = {
    ...Object.fromEntries(kept),
    [key]: { at, until: at + MEMBERSHIP_TTL_MS },
  };
  await saveSession(req);
}
