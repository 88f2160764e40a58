import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { personName } from '@evt/contracts/person-name';
import { decodeListCursor, encodeListCursor, type registrationListQuery } from '@evt/contracts/registrations';
import {
  isCandidateKind,
  PLACE_HOLDING_STATUSES,
  type RegistrationAction,
  type RegistrationKind,
  type RegistrationStatus,
} from '@evt/contracts/forms/kinds';
import { LOCALE_PREFIX, type Locale, normaliseLocale } from '@evt/contracts/locale';
import type { Router } from 'express';
import { requireEvent } from '../access';
import { issueSpaceLinkLater } from '../b2b/access';
import type { Ctx } from '../context';
import { type Queryable, toBuffer } from '../db/db';
import { authOf } from '../http/auth';
import { contentDisposition } from '../http/download-name';
import { HttpError, notFound } from '../http/errors';
import { delegationLinksOf } from '../model/delegations';
import { eventNameIn, toEvent } from '../model/mappers';
import { composeMail } from '../mail/templates';
import {
  CONFIRM_TTL_MS,
  filesOf,
  newSecret,
  PEOPLE,
  REGISTRATION_COLUMNS,
  sha256,
  toRegistration,
} from '../model/registrations';
import { sendConfirmation } from './registrations-public';
import { eraseFromWebhookEvents, recordWebhookEvents } from '../outgoing-webhooks/record';
import {
  expirePromotions,
  formOfRegistration,
  lockForm,
  mailPromotions,
  promoteWaiting,
  registrationStatusChanged,
  waitlistPlaces,
} from '../model/places';

/** Which statuses each action starts from, and where it leads (resend changes nothing but the link). */
const TRANSITIONS: Record<RegistrationAction, { from: readonly string[]; to: string | null }> = {
  resend: { from: ['pending', 'promoted'], to: null },
  cancel: { from: ['pending', 'confirmed', 'accepted', 'waitlisted', 'promoted'], to: 'cancelled' },
  accept: { from: ['confirmed', 'declined'], to: 'accepted' },
  decline: { from: ['confirmed', 'accepted'], to: 'declined' },
};
const OUTCOME_MAIL = {
  cancel: 'registrationCancelled',
  accept: 'registrationAccepted',
  decline: 'registrationDeclined',
} as const;
import {
  audit,
  type CallerRights,
  maskContacts,
  readableText,
  requirePermission,
} from '../rights/permissions';

/** Each row as the caller may see it: contact data masked without `registrations:contacts`. */
export const visibleTo = (rights: CallerRights) =>
  rights.permissions.includes('registrations:contacts')
    ? <R>(row: R) => row
    : <R extends Parameters<typeof maskContacts>[0]>(row: R) => maskContacts(row);

type ListFilters = Pick<ReturnType<typeof registrationListQuery.parse>, 'kind' | 'status' | 'q' | 'sort'>;
type ListQuery = ReturnType<typeof registrationListQuery.parse>;

/** The rows' filter: the event, the kinds, the status, and `q` over what the caller may read. */
function filterOf(id: number, query: ListFilters, rights: CallerRights) {
  const text = readableText(rights.permissions);
  const where = ['r.event_id = $1'];
  const params: unknown[] = [id];
  if (query.kind.length) {
    params.push(query.kind);
    where.push(`r.kind = ANY($${params.length}::text[])`);
  }
  if (query.status) {
    params.push(query.status);
    where.push(`r.status = $${params.length}`);
  }
  // the erased ones of the same forms (names and answers are gone: nothing else to filter by)
  const erased = { sql: `${where.join(' AND ')} AND r.erased_at IS NOT NULL`, params: [...params] };
  if (query.q) where.push(text.matching(query.q, params));
  return { text, where, params, erased };
}

/**
 * One page of rows in the list's order, found by keyset: after (or before) a cursor, `(key, id)` compared
 * with the cursor's through the index (migration 082), so the last page costs what the first does. Without
 * a cursor, `offset` rows are skipped (a page opened by its number alone: a bookmark, the first page).
 * One row more than asked tells whether another page follows.
 */
export async function keysetPage(
  db: Queryable,
  id: number,
  query: ListFilters & { after?: string; before?: string; offset?: number; limit: number },
  rights: CallerRights,
) {
  const { text, where, params } = filterOf(id, query, rights);
  const key = text.sortKey(query.sort);
  const cursorText = query.before ?? query.after;
  const cursor = cursorText ? decodeListCursor(cursorText) : null;
  if (cursorText && !cursor) throw new HttpError(400, 'validation_failed', 'Invalid cursor');
  const backwards = query.before !== undefined;
  // walking back reads the rows before the cursor in the reverse order, then turns them round
  const desc = key.desc !== backwards;
  if (cursor) {
    params.push(cursor.key, cursor.id);
    const op = desc ? '<' : '>';
    where.push(`(${key.sql}, r.id) ${op} ($${params.length - 1}::${key.type}, $${params.length}::int)`);
  }
  const direction = desc ? 'DESC' : 'ASC';
  const offset = cursor ? 0 : (query.offset ?? 0);
  const found = await db.query(
    `SELECT ${REGISTRATION_COLUMNS}, (${key.sql})::text AS sort_key FROM ${PEOPLE} r
     WHERE ${where.join(' AND ')}
     ORDER BY ${key.sql} ${direction}, r.id ${direction} LIMIT ${query.limit + 1} OFFSET ${offset}`,
    params,
  );
  const more = found.length > query.limit;
  const rows = found.slice(0, query.limit);
  if (backwards) rows.reverse();
  const cursorOf = (row: (typeof rows)[number] | undefined) =>
    row ? encodeListCursor({ key: String(row.sort_key), id: Number(row.id) }) : null;
  const hasNext = backwards ? cursor !== null : more;
  const hasPrev = backwards ? more : cursor !== null || offset > 0;
  const files = await filesOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  const places = await waitlistPlaces(
    db,
    rows.filter((r) => r.status === 'waitlisted').map((r) => Number(r.id)),
  );
  return {
    data: rows.map((r) => toRegistration(r, files, places)),
    nextCursor: hasNext ? cursorOf(rows.at(-1)) : null,
    prevCursor: hasPrev ? cursorOf(rows[0]) : null,
  };
}

/** How many rows the filters give, and how many of the same forms were erased. */
export async function listCounts(db: Queryable, id: number, query: ListFilters, rights: CallerRights) {
  const { where, params, erased } = filterOf(id, query, rights);
  const [count, gone] = await Promise.all([
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${PEOPLE} r WHERE ${where.join(' AND ')}`,
      params,
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM registrations r WHERE ${erased.sql}`,
      erased.params,
    ),
  ]);
  return { total: count[0]?.n ?? 0, erased: gone[0]?.n ?? 0 };
}

/**
 * A page of the list; `q` and `sort` only over what the caller may read (readableText). The list and its
 * export read the same rows, PEOPLE (an erased registration is nobody), and say how many of the page's
 * forms were erased, so the organiser knows why the reports count more (docs/decisions/product.md).
 */
async function listPage(db: Queryable, id: number, query: ListQuery, rights: CallerRights) {
  const [page, counts] = await Promise.all([
    keysetPage(db, id, { ...query, offset: (query.page - 1) * query.limit }, rights),
    listCounts(db, id, query, rights),
  ]);
  return { ...page, page: query.page, limit: query.limit, ...counts };
}

/** The organiser's lists of who registered: members of the event's organisation only. */
export function registrationAdminRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiRoutes.registrations.list, async ({ params, query }, _req, res) => {
    const { id } = params;
    const rights = await requirePermission(db, id, authOf(res).id, 'registrations:read');
    const page = await listPage(db, id, query, rights);
    res.json({ ...page, data: page.data.map(visibleTo(rights)) });
  });

  mount(apiRoutes.registrations.get, async ({ params }, _req, res) => {
    const { id, registrationId } = params;
    const rights = await requirePermission(db, id, authOf(res).id, 'registrations:read');
    const rows = await db.query(
      `SELECT ${REGISTRATION_COLUMNS}, r.delegation_id FROM registrations r WHERE r.id = $1 AND r.event_id = $2`,
      [registrationId, id],
    );
    if (!rows[0]) throw notFound('Registration');
    const links = await delegationLinksOf(db, {
      id: registrationId,
      kind: String(rows[0].kind),
      delegationId: rows[0].delegation_id == null ? null : Number(rows[0].delegation_id),
    });
    const row = toRegistration(
      rows[0],
      await filesOf(db, [registrationId]),
      await waitlistPlaces(db, [registrationId]),
    );
    res.json({
      ...visibleTo(rights)(row),
      ...(links.delegation !== undefined ? { delegation: links.delegation } : {}),
      ...(links.members ? { delegationMembers: links.members } : {}),
    });
    // a B2B company confirmed by hand gets its personal link once
    if (rows[0].kind === 'b2b') {
      const keyed = await db.query(
        'SELECT 1 FROM b2b_access WHERE registration_id = $1 AND key_hash IS NOT NULL',
        [registrationId],
      );
      if (!keyed.length) issueSpaceLinkLater(ctx, registrationId);
    }
  });

  // extension: confirmed by the organiser (idempotent; the confirmation date is the first one)
  mount(apiRoutes.registrations.confirmByHand, async ({ params }, _req, res) => {
    const { id, registrationId } = params;
    const rights = await requirePermission(db, id, authOf(res).id, 'registrations:write');
    // the organiser's word gives a place even past the capacity (a waiting person taken in by hand)
    const rows = await db.transaction(async (tx) => {
      const before = await tx.query<{ status: RegistrationStatus }>(
        'SELECT status FROM registrations WHERE id = $1 AND event_id = $2 FOR UPDATE',
        [registrationId, id],
      );
      const done = await tx.query(
        `UPDATE registrations r SET status = 'confirmed', confirmed_at = coalesce(r.confirmed_at, now()),
           confirm_by = NULL
         WHERE r.id = $1 AND r.event_id = $2 RETURNING ${REGISTRATION_COLUMNS}`,
        [registrationId, id],
      );
      if (before[0])
        await registrationStatusChanged(tx, { registrationId, from: before[0].status, to: 'confirmed' });
      return done;
    });
    if (!rows[0]) throw notFound('Registration');
    res.json(visibleTo(rights)(toRegistration(rows[0], await filesOf(db, [registrationId]))));
    // a B2B company confirmed by hand gets its personal link once
    if (rows[0].kind === 'b2b') {
      const keyed = await db.query(
        'SELECT 1 FROM b2b_access WHERE registration_id = $1 AND key_hash IS NOT NULL',
        [registrationId],
      );
      if (!keyed.length) issueSpaceLinkLater(ctx, registrationId);
    }
  });

  // extension: resend the confirmation, cancel, accept or decline; the person is mailed in the
  // registration's language, with links under the BFF's public origin
  mount(upstreamRoutes.registrationAction, async ({ params, body }, _req, res) => {
    const { id, registrationId, action } = params;
    const { origin } = body;
    const userId = authOf(res).id;
    const rights = await requirePermission(db, id, userId, 'registrations:write');
    const event = await requireEvent(db, id, userId);
    const found = await db.query<{ kind: string; status: string }>(
      'SELECT kind, status FROM registrations WHERE id = $1 AND event_id = $2',
      [registrationId, id],
    );
    const current = found[0];
    if (!current) throw notFound('Registration');
    const rule = TRANSITIONS[action];
    const candidateOnly = action === 'accept' || action === 'decline';
    if (
      !rule.from.includes(current.status) ||
      (candidateOnly && !isCandidateKind(current.kind as RegistrationKind))
    )
      throw new HttpError(409, 'conflict', `A ${current.status} registration cannot be ${action}ed`);
    const token = action === 'resend' ? newSecret() : null;
    const { rows, promotions } = await db.transaction(async (tx) => {
      // a cancelled place goes to the next waiting person: the form is locked first, as every place
      // decision locks it (model/places.ts)
      const formId = action === 'cancel' ? await formOfRegistration(tx, registrationId) : null;
      const form = formId === null ? null : await lockForm(tx, id, formId);
      const changed = await tx.query(
        token
          ? `UPDATE registrations r SET confirm_token_hash = $3,
               confirm_expires_at = CASE WHEN r.status = 'promoted' THEN r.confirm_by ELSE $4 END
             WHERE r.id = $1 AND r.event_id = $2 AND r.status IN ('pending', 'promoted')
             RETURNING ${REGISTRATION_COLUMNS}`
          : `UPDATE registrations r SET status = $3, confirm_by = NULL
             WHERE r.id = $1 AND r.event_id = $2 AND r.status = $4
             RETURNING ${REGISTRATION_COLUMNS}`,
        token
          ? [registrationId, id, sha256(token), new Date(Date.now() + CONFIRM_TTL_MS)]
          : [registrationId, id, rule.to, current.status],
      );
      if (!changed[0] || !rule.to) return { rows: changed, promotions: [] };
      await registrationStatusChanged(tx, {
        registrationId,
        from: current.status as RegistrationStatus,
        to: rule.to as RegistrationStatus,
      });
      // the place it held is free (a waiting one held none)
      const held = (PLACE_HOLDING_STATUSES as readonly string[]).includes(current.status);
      if (!form || !held) return { rows: changed, promotions: [] };
      form.taken -= 1;
      return { rows: changed, promotions: await promoteWaiting(tx, form) };
    });
    const row = rows[0];
    if (!row) throw new HttpError(409, 'conflict', 'The registration changed meanwhile');
    await mailPromotions(ctx, promotions, origin);
    // who cancelled, and when: the status keeps neither (the activity page reads it from the log)
    if (action === 'cancel') {
      await audit(db, {
        organizationId: rights.organizationId,
        eventId: id,
        actorId: userId,
        action: 'registration.cancelled',
        details: { registrationId },
      });
    }
    const locale: Locale = normaliseLocale(String(row.locale)) ?? 'fr';
    const base = origin.replace(/\/+$/, '') + LOCALE_PREFIX[locale];
    const to = String(row.email);
    const names = { lastName: String(row.last_name ?? ''), firstNames: String(row.first_names ?? '') };
    if (token) {
      const confirmUrl = `${base}/public/registrations/confirm?${new URLSearchParams({ event: String(event.slug), kind: current.kind })}`;
      await sendConfirmation(ctx, to, locale, eventNameIn(toEvent(event), locale), confirmUrl, token, names);
    } else {
      const name = personName(names, locale);
      const mail = composeMail(OUTCOME_MAIL[action as keyof typeof OUTCOME_MAIL], locale, {
        link: `${base}/events/${id}`,
        organization: eventNameIn(toEvent(event), locale),
        ...(name ? { name } : {}),
      });
      await ctx.mail.send({ to, locale, ...mail });
    }
    res.json(toRegistration(row, await filesOf(db, [registrationId])));
  });

  // extension: deleted with its files
  mount(apiRoutes.registrations.remove, async ({ params }, _req, res) => {
    const { id, registrationId } = params;
    const userId = authOf(res).id;
    const rights = await requirePermission(db, id, userId, 'registrations:write');
    const { gone: deleted, promotions } = await db.transaction(async (tx) => {
      const formId = await formOfRegistration(tx, registrationId);
      const form = formId === null ? null : await lockForm(tx, id, formId);
      await tx.query('DELETE FROM registration_files WHERE registration_id = $1 AND event_id = $2', [
        registrationId,
        id,
      ]);
      const gone = await tx.query('DELETE FROM registrations WHERE id = $1 AND event_id = $2 RETURNING id', [
        registrationId,
        id,
      ]);
      if (gone[0]) {
        await recordWebhookEvents(tx, { eventId: id }, 'registration.erased', [{ registrationId }]);
        await eraseFromWebhookEvents(tx, [registrationId]);
        await audit(tx, {
          organizationId: rights.organizationId,
          eventId: id,
          actorId: userId,
          action: 'registration.erased',
          details: { registrationId },
        });
      }
      // the place it held goes to the next waiting person (the form's count no longer has it)
      const recounted = form ? await lockForm(tx, id, form.id) : null;
      return { gone, promotions: recounted ? await promoteWaiting(tx, recounted) : [] };
    });
    if (!deleted[0]) throw notFound('Registration');
    await mailPromotions(ctx, promotions);
    res.status(204).end();
  });

  // the job queue's scan: promotions past their deadline give their place to the next waiting people
  mount(upstreamRoutes.expirePromotions, async (_input, _req, res) => {
    res.json(await expirePromotions(ctx));
  });

  mount(apiRoutes.registrations.file, async ({ params }, _req, res) => {
    const { id, registrationId, fileId } = params;
    await requirePermission(db, id, authOf(res).id, 'registrations:contacts');
    const rows = await db.query<{ filename: string; content_type: string; data: unknown }>(
      `SELECT filename, content_type, data FROM registration_files
       WHERE id = $1 AND registration_id = $2 AND event_id = $3`,
      [fileId, registrationId, id],
    );
    const file = rows[0];
    if (!file) throw notFound('File');
    res
      .set('Content-Type', file.content_type)
      .set('Content-Disposition', contentDisposition('attachment', file.filename, file.content_type))
      .set('X-Content-Type-Options', 'nosniff')
      .set('Cache-Control', 'private, no-store')
      .send(toBuffer(file.data));
  });

  return router;
}
