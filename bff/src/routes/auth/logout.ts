import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { authRoutes } from '@evt/contracts/auth';
import type { Request, Response } from 'express';
import type { RouteHandler } from '../../http/route-adapter';
import { requestId } from '../../http/request-id';
import { endSession } from '../../session/request-session';
import type { RouteContext } from '../context';

/**
 * Signs the browser out: upstream logout (best effort), then the session is destroyed everywhere, so a
 * replayed cookie is refused. Also how a device is handed over to a registration kiosk.
 */
export async function signOut(
  { upstream, sessions }: Pick<RouteContext, 'upstream' | 'sessions'>,
  req: Request,
  res: Response,
): Promise<void> {
  const token = req.session?.auth?.accessToken;
  if (token) {
    // the session ends below whatever the upstream answers
    const user = { token, endSession: async () => {} };
    await upstream
      .call(upstreamRoutes.logout, { user, requestId: requestId(req), timeoutMs: 3000 })
      .catch(() => undefined);
  }
  await endSession(req, res, sessions);
}

export function logout(ctx: RouteContext): RouteHandler<typeof authRoutes.logout> {
  return async ({ req, res }) => {
    await signOut(ctx, req, res);
    return { status: 204 };
  };
}
