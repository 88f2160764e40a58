import type { MemberName, memberRoutes } from '@evt/contracts/members';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { LRUCache } from 'lru-cache';
import type { RouteHandler } from '../../http/route-adapter';
import type { RouteContext } from '../context';
import { stillTrusted } from '../permissions';

/** How long an answer is reused: the time a page takes to ask again for the same people (a re-render, a tab). */
const TTL_MS = 30_000;

interface Entry {
  at: number;
  until: number;
  names: MemberName[];
}

/**
 * Members' names by their ids. The organisation's member list (the caller's token: the upstream refuses
 * whoever is not a member) says which of the ids are its members; the spec's batched user look-up then
 * reads their names in one call. The upstream's look-up would also answer people the caller meets in
 * another organisation: they are never asked for, so an organisation's page names only its own members.
 *
 * An answer is kept briefly per caller, organisation and ids, and dropped when a membership changes
 * (a removal or a type change announces it, as for the permission caches).
 */
export function memberNames(ctx: RouteContext): RouteHandler<typeof memberRoutes.names> {
  const cache = new LRUCache<string, Entry>({ max: 1000, ttl: TTL_MS });
  return async ({ params: { id }, query: { userIds }, caller }) => {
    const asked = [...userIds].sort((a, b) => a - b);
    const key = `${caller.session.auth?.user.id ?? caller.sid}:${id}:${asked.join(',')}`;
    const cached = cache.get(key);
    if (stillTrusted(ctx.rights, cached)) return { status: 200, body: { data: cached?.names ?? [] } };

    const at = Date.now();
    const members = await ctx.upstream.call(upstreamRoutes.organizationMemberIds, {
      user: caller,
      requestId: caller.requestId,
      params: { id },
    });
    const memberIds = new Set(members.data.map((member) => member.userId));
    const wanted = new Set(asked.filter((userId) => memberIds.has(userId)));
    const names: MemberName[] = [];
    if (wanted.size > 0) {
      const users = await ctx.upstream.call(upstreamRoutes.usersByIds, {
        user: caller,
        requestId: caller.requestId,
        query: { userIds: [...wanted].join(',') },
      });
      // only what the lists show, and only for members asked for, whatever else was answered
      for (const user of users.data)
        if (wanted.has(user.id))
          names.push({ userId: user.id, firstName: user.firstName, lastName: user.lastName });
    }
    cache.set(key, { at, until: at + TTL_MS, names });
    return { status: 200, body: { data: names } };
  };
}
