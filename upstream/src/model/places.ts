import { PLACE_HOLDING_STATUSES, type RegistrationStatus } from '@evt/contracts/forms/kinds';
import { LOCALE_PREFIX, type Locale, normaliseLocale } from '@evt/contracts/locale';
import { personName } from '@evt/contracts/person-name';
import type { Ctx } from '../context';
import type { Queryable } from '../db/db';
import { loggableError } from '../logger';
import { recordRegistrationEvents } from '../outgoing-webhooks/record';
import { composeMail } from '../mail/templates';
import { EVENT_NAME_COLUMNS, eventNameOfRow } from './mappers';
import { DEFAULT_PUBLIC_URL } from '../mailings/render';
import { newSecret, sha256 } from './registrations';

/*
 * A form's places and its waiting list (docs/decisions/registration.md, "Places and the waiting list").
 * Every decision about a place is taken inside one transaction that first locks the form's row
 * (`lockForm`, SELECT ... FOR UPDATE): two submissions for the last place, a cancellation and a raised
 * capacity, the expiry scan, all wait for each other on that lock, on PostgreSQL (a pool of connections)
 * as on PGlite (one connection, whose transactions run one after the other).
 */

const HOLDING = `(${PLACE_HOLDING_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** The registrations of form `f` (by its id, or by its code for those stored before they named a form). */
const OF_FORM = `r.event_id = f.event_id AND r.erased_at IS NULL
  AND (r.form_id = f.id OR (r.form_id IS NULL AND (r.kind = f.kind OR r.role = f.kind)))`;

export interface LockedForm {
  id: number;
  eventId: number;
  capacity: number | null;
  closesAt: Date | null;
  waitlist: boolean;
  promotionHours: number;
  /** places held now (pending, confirmed, accepted, promoted) */
  taken: number;
}

/** Locks form `formId` of event `eventId` until the transaction ends, with its places; null: no such form. */
export async function lockForm(tx: Queryable, eventId: number, formId: number): Promise<LockedForm | null> {
  const rows = await tx.query<{
    id: number;
    capacity: number | null;
    closes_at: Date | string | null;
    waitlist_enabled: boolean;
    promotion_hours: number;
  }>(
    `SELECT id, capacity, closes_at, waitlist_enabled, promotion_hours FROM event_forms
     WHERE id = $1 AND event_id = $2 FOR UPDATE`,
    [formId, eventId],
  );
  const form = rows[0];
  if (!form) return null;
  const taken = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM registrations r, event_forms f
     WHERE f.id = $1 AND ${OF_FORM} AND r.status IN ${HOLDING}`,
    [formId],
  );
  return {
    id: Number(form.id),
    eventId,
    capacity: form.capacity === null ? null : Number(form.capacity),
    closesAt: form.closes_at === null ? null : new Date(form.closes_at),
    waitlist: form.waitlist_enabled,
    promotionHours: Number(form.promotion_hours),
    taken: taken[0]?.n ?? 0,
  };
}

/** What a new registration of a locked form gets: a place, the waiting list, or nothing (full). */
export function placeFor(form: LockedForm): 'pending' | 'waitlisted' | 'full' {
  if (form.capacity === null || form.taken < form.capacity) return 'pending';
  return form.waitlist ? 'waitlisted' : 'full';
}

/** The form a registration belongs to: the one it names, else its event's form of its code. */
export async function formOfRegistration(tx: Queryable, registrationId: number): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `SELECT f.id FROM registrations r JOIN event_forms f ON ${OF_FORM}
     WHERE r.id = $1 ORDER BY (f.id = r.form_id) DESC, (f.kind = r.kind) DESC, f.id LIMIT 1`,
    [registrationId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** How many people wait on form `formId`'s list. */
export async function waitlistLength(tx: Queryable, formId: number): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM registrations r, event_forms f
     WHERE f.id = $1 AND ${OF_FORM} AND r.status = 'waitlisted'`,
    [formId],
  );
  return rows[0]?.n ?? 0;
}

/** Each waiting registration's place on its form's list (1 is next), for these registrations. */
export async function waitlistPlaces(db: Queryable, registrationIds: readonly number[]) {
  if (registrationIds.length === 0) return new Map<number, number>();
  const rows = await db.query<{ id: number; place: number }>(
    `SELECT w.id, (SELECT count(*)::int FROM registrations o
         WHERE o.event_id = w.event_id AND o.status = 'waitlisted' AND o.erased_at IS NULL
           AND o.form_id IS NOT DISTINCT FROM w.form_id AND o.kind = w.kind
           AND (o.waitlisted_at, o.id) <= (w.waitlisted_at, w.id)) AS place
     FROM registrations w WHERE w.id = ANY($1::int[]) AND w.status = 'waitlisted'`,
    [registrationIds],
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.place)]));
}

/**
 * The one door of every change of a registration's status (registered, waitlisted, promoted, confirmed,
 * lapsed, cancelled), called inside the transaction that made it: it checks the change happened and
 * writes its webhook events there, so that no path that changes a status can forget them. A registration
 * new or made again after a cancellation is `registration.created`; then its new status's event, if any.
 */
export async function registrationStatusChanged(
  tx: Queryable,
  change: { registrationId: number; from: RegistrationStatus | null; to: RegistrationStatus },
): Promise<void> {
  if (change.from === change.to) return;
  const rows = await tx.query<{ status: string }>('SELECT status FROM registrations WHERE id = $1', [
    change.registrationId,
  ]);
  if (rows[0]?.status !== change.to)
    throw new Error(`registration ${change.registrationId} is not ${change.to} after its change`);
  if (change.from === null || change.from === 'cancelled')
    await recordRegistrationEvents(tx, 'registration.created', [change.registrationId]);
  const type = STATUS_EVENT[change.to];
  if (type) await recordRegistrationEvents(tx, type, [change.registrationId]);
}

/** The webhook event of arriving at a status (pending and the organiser's verdicts have none). */
const STATUS_EVENT: Partial<Record<RegistrationStatus, Parameters<typeof recordRegistrationEvents>[1]>> = {
  waitlisted: 'registration.waitlisted',
  promoted: 'registration.promoted',
  confirmed: 'registration.confirmed',
  cancelled: 'registration.cancelled',
};

/** A promotion decided in a transaction, mailed once it committed (`mailPromotions`). */
export interface Promotion {
  registrationId: number;
  token: string;
  confirmBy: Date;
}

/**
 * Promotes the form's waiting people, oldest first, while places are free: each becomes `promoted` with a
 * new confirmation link valid until its deadline (now + the form's hours). Call it with the form locked
 * (`lockForm`), after the change that freed places; mail the answer after the commit.
 */
export async function promoteWaiting(tx: Queryable, form: LockedForm): Promise<Promotion[]> {
  if (form.capacity === null) {
    // no limit any more: everyone waiting gets a place
  } else if (form.taken >= form.capacity) return [];
  const free = form.capacity === null ? null : form.capacity - form.taken;
  const waiting = await tx.query<{ id: number }>(
    `SELECT r.id FROM registrations r, event_forms f
     WHERE f.id = $1 AND ${OF_FORM} AND r.status = 'waitlisted'
     ORDER BY r.waitlisted_at, r.id ${free === null ? '' : `LIMIT ${free}`} FOR UPDATE OF r`,
    [form.id],
  );
  const promotions: Promotion[] = [];
  for (const { id } of waiting) {
    const token = newSecret();
    const confirmBy = new Date(Date.now() + form.promotionHours * 3_600_000);
    await tx.query(
      `UPDATE registrations SET status = 'promoted', confirm_by = $2, confirm_token_hash = $3,
         confirm_expires_at = $2 WHERE id = $1`,
      [id, confirmBy, sha256(token)],
    );
    await registrationStatusChanged(tx, { registrationId: Number(id), from: 'waitlisted', to: 'promoted' });
    promotions.push({ registrationId: Number(id), token, confirmBy });
  }
  form.taken += promotions.length;
  return promotions;
}

/**
 * Locks the form of a registration whose place was just given up (cancelled, deleted, lapsed) or of a form
 * whose capacity changed, and promotes who can be; for the caller's transaction.
 */
export async function promoteOnForm(tx: Queryable, eventId: number, formId: number | null) {
  if (formId === null) return [];
  const form = await lockForm(tx, eventId, formId);
  return form ? promoteWaiting(tx, form) : [];
}

/** The deadline as the promotion mail writes it, in the visitor's language and the event's time zone. */
function deadlineText(confirmBy: Date, locale: Locale, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long', timeZone: zone }).format(
      confirmBy,
    );
  try {
    return format(timeZone || 'UTC');
  } catch {
    return format('UTC');
  }
}

/**
 * Mails each promoted person, in its registration's language, the confirmation link (its own key: it opens
 * only this registration's confirmation) and the deadline. The link goes to the confirmation page the
 * visitor registered from (`confirm_url`), else under `fallbackOrigin`. A failed mail is logged: the
 * person can still confirm through a resend, and the expiry scan frees the place at the deadline.
 */
export async function mailPromotions(ctx: Ctx, promotions: readonly Promotion[], fallbackOrigin?: string) {
  for (const promotion of promotions) {
    try {
      const rows = await ctx.db.query(
        `SELECT r.email, r.locale, r.last_name, r.first_names, r.kind, r.confirm_url, e.id AS event_id,
           e.slug, e.time_zone, ${EVENT_NAME_COLUMNS}
         FROM registrations r JOIN events e ON e.id = r.event_id WHERE r.id = $1`,
        [promotion.registrationId],
      );
      const row = rows[0];
      if (!row) continue;
      const locale: Locale = normaliseLocale(String(row.locale)) ?? 'fr';
      const eventSlug = String(row.slug || row.event_id);
      const base =
        (row.confirm_url as string | null) ??
        `${(fallbackOrigin ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '')}${LOCALE_PREFIX[locale]}/public/registrations/confirm?${new URLSearchParams({ event: eventSlug, kind: String(row.kind) })}`;
      const url = new URL(base);
      url.searchParams.set('token', promotion.token);
      const name = personName(
        { lastName: String(row.last_name ?? ''), firstNames: String(row.first_names ?? '') },
        locale,
      );
      const mail = composeMail('registrationPromoted', locale, {
        link: url.toString(),
        organization: eventNameOfRow(row, locale),
        deadline: deadlineText(promotion.confirmBy, locale, String(row.time_zone ?? '')),
        ...(name ? { name } : {}),
      });
      await ctx.mail.send({ to: String(row.email), locale, ...mail });
    } catch (err) {
      ctx.logger.error(
        { err: loggableError(err), registrationId: promotion.registrationId },
        'promotion mail not sent',
      );
    }
  }
}

/**
 * The job queue's scan: every promotion past its deadline loses its place (`cancelled`) and the next
 * waiting person is promoted, form by form, each form in its own transaction under its lock. Forms with
 * people waiting are looked at too, so that a place freed where no promotion follows at once (a
 * registration erased under the data rights) still goes to the next one. The state is all in the
 * database, so a scan after a restart finds what the last one left; two scans at once wait for each
 * other on the form's lock and the second finds nothing more to do.
 */
export async function expirePromotions(ctx: Ctx): Promise<{ expired: number; promoted: number }> {
  const forms = await ctx.db.query<{ event_id: number; form_id: number }>(
    `SELECT DISTINCT r.event_id, f.id AS form_id FROM registrations r JOIN event_forms f ON ${OF_FORM}
     WHERE (r.status = 'promoted' AND r.confirm_by <= now()) OR r.status = 'waitlisted'`,
  );
  let expired = 0;
  const promotions: Promotion[] = [];
  for (const { event_id: eventId, form_id: formId } of forms) {
    const result = await ctx.db.transaction(async (tx) => {
      const form = await lockForm(tx, Number(eventId), Number(formId));
      if (!form) return { lapsed: 0, promoted: [] as Promotion[] };
      const lapsed = await tx.query<{ id: number }>(
        `UPDATE registrations r SET status = 'cancelled'
         FROM event_forms f WHERE f.id = $1 AND ${OF_FORM} AND r.status = 'promoted' AND r.confirm_by <= now()
         RETURNING r.id`,
        [form.id],
      );
      for (const { id } of lapsed)
        await registrationStatusChanged(tx, {
          registrationId: Number(id),
          from: 'promoted',
          to: 'cancelled',
        });
      form.taken -= lapsed.length;
      return { lapsed: lapsed.length, promoted: await promoteWaiting(tx, form) };
    });
    expired += result.lapsed;
    promotions.push(...result.promoted);
  }
  await mailPromotions(ctx, promotions);
  return { expired, promoted: promotions.length };
}
