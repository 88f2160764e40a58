import type { Queryable } from '../db/db';

/** The delegation whose member list holds the member's address: the first registered of the event. */
const DELEGATION_OF_MEMBER = `(
  SELECT d.id FROM registrations d
   WHERE d.event_id = m.event_id AND d.kind = 'delegation' AND d.erased_at IS NULL
     AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(
                   CASE WHEN jsonb_typeof(d.data -> 'memberEmails') = 'array' THEN d.data -> 'memberEmails' ELSE '[]'::jsonb END
                 ) e WHERE lower(e) = lower(m.email))
   ORDER BY d.id LIMIT 1)`;

/**
 * Links a new registration to its delegation, whichever registered first: a member to the delegation
 * that listed its address, a delegation to the members of the event already registered under the
 * addresses it lists (the same rule as migration 063). A member registered under another address stays
 * unlinked. Call it inside the registration's transaction.
 */
export async function linkDelegation(
  tx: Queryable,
  registration: { id: number; eventId: number; kind: string },
) {
  if (registration.kind !== 'delegation' && registration.kind !== 'delegation_member') return;
  await tx.query(
    `UPDATE registrations m SET delegation_id = ${DELEGATION_OF_MEMBER}
      WHERE m.event_id = $1 AND m.kind = 'delegation_member' AND m.erased_at IS NULL
        AND (m.id = $2 OR ($3 AND m.delegation_id IS NULL))`,
    [registration.eventId, registration.id, registration.kind === 'delegation'],
  );
}

export interface DelegationLinks {
  /** a member's delegation */
  delegation?: { id: number; name: string } | null;
  /** a delegation's members who registered */
  members?: { id: number; lastName: string; firstNames: string; status: string }[];
}

/** What a registration's detail shows of its delegation link, for the two kinds that have one. */
export async function delegationLinksOf(
  db: Queryable,
  registration: { id: number; kind: string; delegationId: number | null },
): Promise<DelegationLinks> {
  if (registration.kind === 'delegation_member') {
    if (registration.delegationId === null) return { delegation: null };
    const rows = await db.query<{ id: number; name: string }>(
      "SELECT id, coalesce(data ->> 'delegationName', '') AS name FROM registrations WHERE id = $1",
      [registration.delegationId],
    );
    const found = rows[0];
    return { delegation: found ? { id: Number(found.id), name: found.name } : null };
  }
  if (registration.kind !== 'delegation') return {};
  const members = await db.query<{ id: number; last_name: string; first_names: string; status: string }>(
    `SELECT id, last_name, first_names, status FROM registrations
      WHERE delegation_id = $1 AND erased_at IS NULL ORDER BY last_name, first_names, id`,
    [registration.id],
  );
  return {
    members: members.map((m) => ({
      id: Number(m.id),
      lastName: m.last_name ?? '',
      firstNames: m.first_names ?? '',
      status: m.status,
    })),
  };
}
