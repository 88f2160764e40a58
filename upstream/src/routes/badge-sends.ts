import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { readFileSync } from 'node:fs';
import {
  type BadgeMailJob,
  badgeSendingUpstreamRoutes,
  type BadgeSendStatus,
} from '@evt/contracts/badge-sending';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@evt/contracts/locale';
import { EVENT_NAME_COLUMNS, eventNameOfRow } from '../model/mappers';
import express, { type Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import type { Queryable, Row } from '../db/db';
import { PEOPLE } from '../model/registrations';
import { authOf } from '../http/auth';
import { escapeHtml } from '../mail/templates';
import { toBadgePerson, toModel } from './badges';

/** A badge put on the queue this long ago and still unsent is put on it again (its job was lost). */
const ENQUEUE_LEASE_SECONDS = 120;

interface Choice {
  roles: string[];
  registrationId?: number;
}

/** The confirmed registrations of the choice, as SQL over `registrations r` ($1 = event id). */
function choiceWhere(choice: Choice, params: unknown[]): string {
  const where = ['r.event_id = $1', "r.status = 'confirmed'"];
  if (choice.roles.length) {
    params.push(choice.roles);
    where.push(`r.kind = ANY($${params.length}::text[])`);
  }
  if (choice.registrationId) {
    params.push(choice.registrationId);
    where.push(`r.id = $${params.length}`);
  }
  return where.join(' AND ');
}

async function statusOf(db: Queryable, eventId: number, choice: Choice): Promise<BadgeSendStatus> {
  const params: unknown[] = [eventId];
  const rows = await db.query<{ confirmed: number; sent: number; failed: number; pending: number }>(
    `SELECT count(*)::int AS confirmed,
            count(*) FILTER (WHERE m.state = 'sent')::int AS sent,
            count(*) FILTER (WHERE m.state = 'failed')::int AS failed,
            count(*) FILTER (WHERE b.registration_id IS NOT NULL
                               AND (m.state IS NULL OR m.state = 'sending'))::int AS pending
     FROM ${PEOPLE} r
     LEFT JOIN badge_sends b ON b.registration_id = r.id
     LEFT JOIN mail_sends m ON m.key = b.mail_key
     WHERE ${choiceWhere(choice, params)}`,
    params,
  );
  const { confirmed = 0, sent = 0, failed = 0, pending = 0 } = rows[0] ?? {};
  return { confirmed, sent, failed, pending, remaining: confirmed - sent - pending };
}

/**
 * The organiser's badge sending (reference-upstream extension): the counts of a choice, and a
 * request that records one row per registration not sent yet (a failed one gets a new attempt). The
 * workers take the rows through the webhook routes below.
 */
export function badgeSendRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiRoutes.badgeSending.status, async ({ params, query }, _req, res) => {
    const { id } = params;
    const choice = query;
    await requireEvent(db, id, authOf(res).id);
    res.json(await statusOf(db, id, choice));
  });

  mount(apiRoutes.badgeSending.send, async ({ params, body }, _req, res) => {
    const { id } = params;
    const choice = body;
    const userId = authOf(res).id;
    await requireEvent(db, id, userId);
    const requested = await db.transaction(async (tx) => {
      const params: unknown[] = [id];
      const where = choiceWhere(choice, params);
      params.push(userId);
      const user = `$${params.length}`;
      const added = await tx.query(
        `INSERT INTO badge_sends (registration_id, event_id, mail_key, requested_by)
         SELECT r.id, r.event_id, 'badge:' || r.id || ':1', ${user} FROM ${PEOPLE} r WHERE ${where}
         ON CONFLICT (registration_id) DO NOTHING RETURNING registration_id`,
        params,
      );
      // a failed send is tried again as a new attempt, so a new mail key (the old one stays failed)
      const again = await tx.query(
        `UPDATE badge_sends b SET attempt = b.attempt + 1,
           mail_key = 'badge:' || b.registration_id || ':' || (b.attempt + 1),
           enqueued_at = NULL, requested_by = ${user}, requested_at = now()
         FROM mail_sends m, ${PEOPLE} r
         WHERE m.key = b.mail_key AND m.state = 'failed' AND r.id = b.registration_id AND ${where}
         RETURNING b.registration_id`,
        params,
      );
      return added.length + again.length;
    });
    res.json({ requested, ...(await statusOf(db, id, choice)) });
  });

  return router;
}

interface BadgeMailTexts {
  subject: string;
  greeting: string;
  intro: string;
  signature: string;
}

// locales/ at the repository root, like every mail's texts (mail/templates.ts)
const LOCALES_DIR = new URL('../../../locales/', import.meta.url);
let texts: Record<Locale, BadgeMailTexts> | undefined;

function badgeMailTexts(locale: Locale): BadgeMailTexts {
  texts ??= Object.fromEntries(
    LOCALES.map((l) => [
      l,
      (
        JSON.parse(readFileSync(new URL(`${l}.json`, LOCALES_DIR), 'utf8')) as {
          badgeSending: { mail: BadgeMailTexts };
        }
      ).badgeSending.mail,
    ]),
  ) as Record<Locale, BadgeMailTexts>;
  return texts[locale] ?? texts[DEFAULT_LOCALE];
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The badge mail's subject and body in the person's language. */
export function composeBadgeMail(locale: Locale, name: string, event: string) {
  const t = badgeMailTexts(locale);
  const values = { name, event };
  const lines = [fill(t.greeting, values), fill(t.intro, values), t.signature];
  return {
    subject: fill(t.subject, values),
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`,
  };
}

/** The job queue's badge calls, behind the automation webhook's shared header. */
export function badgeSendWorkerRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;
  // a job's body is a few ids: anything larger is refused
  const json = { readBody: express.json({ limit: '100kb' }) };

  mount(
    badgeSendingUpstreamRoutes.due,
    async ({ body }, _req, res) => {
      const { all, limit } = body;
      const rows = await db.query<{ registration_id: number; event_id: number; attempt: number }>(
        `UPDATE badge_sends SET enqueued_at = now() WHERE registration_id IN (
         SELECT b.registration_id FROM badge_sends b LEFT JOIN mail_sends m ON m.key = b.mail_key
         WHERE m.key IS NULL
           AND ($1 OR b.enqueued_at IS NULL OR b.enqueued_at < now() - make_interval(secs => $2))
         ORDER BY b.registration_id LIMIT $3)
       RETURNING registration_id, event_id, attempt`,
        [all, ENQUEUE_LEASE_SECONDS, limit],
      );
      res.json({
        badges: rows
          .map((r) => ({
            eventId: Number(r.event_id),
            registrationId: Number(r.registration_id),
            attempt: Number(r.attempt),
          }))
          .sort((a, b) => a.registrationId - b.registrationId),
      });
    },
    json,
  );

  /** What one badge mail needs; null once it is sent (or no longer asked for). */
  mount(
    badgeSendingUpstreamRoutes.mail,
    async ({ body }, _req, res) => {
      const due = body;
      const rows = await db.query<Row>(
        `SELECT b.mail_key, r.id, r.kind, r.locale, r.last_name, r.first_names, r.data, r.email, r.status,
              ${EVENT_NAME_COLUMNS}, el.hash AS logo_hash, m.state AS mail_state,
              bm.event_id, bm.role, bm.model, bm.updated_at
       FROM badge_sends b JOIN ${PEOPLE} r ON r.id = b.registration_id
       JOIN events e ON e.id = b.event_id
       LEFT JOIN event_logos el ON el.event_id = e.id
       LEFT JOIN badge_models bm ON bm.event_id = e.id AND bm.role = r.kind
       LEFT JOIN mail_sends m ON m.key = b.mail_key
       WHERE b.registration_id = $1 AND b.event_id = $2 AND b.attempt = $3`,
        [due.registrationId, due.eventId, due.attempt],
      );
      const row = rows[0];
      if (!row || row.mail_state) {
        res.json({ job: null });
        return;
      }
      if (row.status !== 'confirmed') {
        // cancelled since it was asked for: no badge, and the count forgets it
        await db.query('DELETE FROM badge_sends WHERE registration_id = $1', [due.registrationId]);
        res.json({ job: null });
        return;
      }
      const person = toBadgePerson(row);
      // the mail and the badge in the person's language, the event's name too
      const eventName = eventNameOfRow(row, person.locale);
      // Japanese puts the family name first, like the badge itself
      const parts = [person.firstNames, person.lastName];
      const name = (person.locale === 'ja' ? parts.reverse() : parts).filter(Boolean).join(' ');
      const job: BadgeMailJob = {
        key: String(row.mail_key),
        to: String(row.email),
        locale: person.locale,
        ...composeBadgeMail(person.locale, name, eventName),
        filename: `badge-${person.registrationId}.pdf`,
        eventName,
        logo: row.logo_hash ? `/events/${due.eventId}/logo?v=${String(row.logo_hash).slice(0, 8)}` : null,
        model: row.model ? toModel(row) : null,
        person,
      };
      res.json({ job });
    },
    json,
  );

  return router;
}
