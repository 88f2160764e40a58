import { errorCode } from '@evt/contracts/errors';
import {
  CREDENTIALS_MAX,
  maskCredential,
  type OrganizationCredentials,
  type organizationCredentialRoutes,
} from '@evt/contracts/organization-credentials';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { HttpError } from '../../http/http-error';
import type { RouteHandlers } from '../../http/route-adapter';
import { isUpstreamStatus } from '../../upstream/error-codes';
import type { RouteContext } from '../context';

interface Stored {
  credentials: Record<string, unknown>;
  updatedAt: string | null;
}

/**
 * The organisation credential's owners-only routes. The webhook stores the credentials as one object and
 * answers it whole, secrets included: the BFF reads it, keeps the values on the server and answers the
 * browser each name with at most its last characters (`maskCredential`). A change is the webhook's POST
 * of the whole object, read just before, with the one credential set or removed.
 */
export function organizationCredentialHandlers(
  ctx: RouteContext,
): RouteHandlers<typeof organizationCredentialRoutes> {
  const read = async (organizationId: number, requestId: string): Promise<Stored> => {
    try {
      const stored = await ctx.upstream.call(upstreamRoutes.organizationCredential, {
        requestId,
        query: { id: organizationId },
      });
      return { credentials: stored.credentials, updatedAt: stored.updatedAt };
    } catch (error) {
      // none stored yet
      if (isUpstreamStatus(error, 404)) return { credentials: {}, updatedAt: null };
      throw error;
    }
  };
  const save = async (organizationId: number, requestId: string, credentials: Record<string, unknown>) => {
    const saved = await ctx.upstream.call(upstreamRoutes.saveOrganizationCredential, {
      requestId,
      query: { id: organizationId },
      body: { ...credentials, id: organizationId },
    });
    return { credentials: saved.credentials, updatedAt: saved.updatedAt };
  };
  const masked = (organizationId: number, stored: Stored) => ({
    status: 200 as const,
    body: maskedView(organizationId, stored),
  });

  return {
    list: async ({ params: { id }, caller }) => masked(id, await read(id, caller.requestId)),
    set: async ({ params: { id }, body, caller }) => {
      const { credentials } = await read(id, caller.requestId);
      const isNew = !Object.hasOwn(credentials, body.name);
      if (isNew && Object.keys(credentials).length >= CREDENTIALS_MAX) {
        throw new HttpError(409, errorCode.conflict);
      }
      return masked(id, await save(id, caller.requestId, { ...credentials, [body.name]: body.value }));
    },
    remove: async ({ params: { id, name }, caller }) => {
      const stored = await read(id, caller.requestId);
      if (!Object.hasOwn(stored.credentials, name)) throw new HttpError(404, errorCode.notFound);
      const { [name]: _removed, ...kept } = stored.credentials;
      return masked(id, await save(id, caller.requestId, kept));
    },
  };
}

/** The browser's view: names in order, values masked; the webhook's own `id` key is not a credential. */
function maskedView(organizationId: number, stored: Stored): OrganizationCredentials {
  const credentials = Object.entries(stored.credentials)
    .filter(([name]) => name !== 'id')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => maskCredential(name, value));
  return { organizationId, credentials, updatedAt: stored.updatedAt };
}
