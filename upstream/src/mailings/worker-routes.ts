import { mountOn } from '../http/mount';
import { mailingUpstreamRoutes } from '@evt/contracts/mailings';
import type { Locale } from '@evt/contracts/locale';
import type { MailingAudience, MailingContent } from '@evt/contracts/mailings';
import express, { type Router } from 'express';
import type { Ctx } from '../context';
import { type Queryable, type Row, toIso } from '../db/db';
import { recordWebhookEvents } from '../outgoing-webhooks/record';
import { EVENT_NAME_COLUMNS, eventNameOfRow } from '../model/mappers';
import { HttpError } from '../http/errors';
import { type MailMessage, smtpReason } from '../mail/mailer';
import { audienceSelect } from './queries';
import {
  DEFAULT_PUBLIC_URL,
  renderMailing,
  unsubscribeHeaders,
  unsubscribeToken as tokenFor,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from './render';

/** A recipient enqueued this long ago and still queued is enqueued again (its job was lost). */
const ENQUEUE_LEASE_SECONDS = 120;
/**
 * A claim this old was interrupted with the upstream itself (the process holding the SMTP transaction):
 * delivery unknown, so the recipient is marked failed rather than sent again behind the organiser's back.
 */
const CLAIM_STALE_SECONDS = 600;

interface MailingRow {
  id: number;
  event_id: number;
  content: MailingContent;
  name: string;
  languages: unknown;
  translations: unknown;
  organization_id: number;
}

/**
 * The job queue's calls (reference-upstream extension), behind the automation webhook's shared
 * header. The recipient row is the exactly-once guard: `queued -> sending` is claimed in one statement
 * before the SMTP transaction, `sending -> sent | failed` recorded in one statement after it. A second
 * delivery of the same job finds the row claimed and does nothing.
 */
export function mailingWorkerRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;
  // only these routes: the other webhook routes keep their own parsers and limits (a badge's attachments
  // make a large body here)
  // a mail's body may be larger than the default (a badge's PDF attached)
  const json = { readBody: express.json({ limit: '10mb' }) };
  const publicUrl = ctx.publicUrl ?? DEFAULT_PUBLIC_URL;
  // mailings being sent, read once per few seconds rather than once per recipient
  const mailingCache = new Map<number, { row: MailingRow; until: number }>();
  const mailingOf = async (id: number): Promise<MailingRow | undefined> => {
    const cached = mailingCache.get(id);
    if (cached && cached.until > Date.now()) return cached.row;
    const rows = await db.query<MailingRow & Record<string, unknown>>(
      `SELECT m.id, m.event_id, m.content, e.name, e.languages, e.translations, e.organization_id FROM mailings m JOIN events e ON e.id = m.event_id
       WHERE m.id = $1`,
      [id],
    );
    if (!rows[0]) return undefined;
    mailingCache.set(id, { row: rows[0], until: Date.now() + 5_000 });
    return rows[0];
  };

  mount(
    mailingUpstreamRoutes.due,
    async ({ body }, _req, res) => {
      const { all, limit } = body;
      const due = await db.query<{ id: number; event_id: number; audience: MailingAudience }>(
        "SELECT id, event_id, audience FROM mailings WHERE status = 'scheduled' AND send_at <= now() ORDER BY send_at",
      );
      for (const m of due) await start(db, m);
      await db.transaction(recordFinishedMailings);
      await db.query(
        `UPDATE mailing_recipients SET state = 'failed', error = 'interrupted: delivery unknown, not sent again'
       WHERE state = 'sending' AND claimed_at < now() - make_interval(secs => $1)`,
        [CLAIM_STALE_SECONDS],
      );
      const rows = await db.query<{ id: number; mailing_id: number; attempt: number }>(
        `UPDATE mailing_recipients SET enqueued_at = now() WHERE id IN (
         SELECT id FROM mailing_recipients WHERE state = 'queued'
           AND ($1 OR enqueued_at IS NULL OR enqueued_at < now() - make_interval(secs => $2))
         ORDER BY id LIMIT $3)
       RETURNING id, mailing_id, attempt`,
        [all, ENQUEUE_LEASE_SECONDS, limit],
      );
      res.json({
        recipients: rows
          .map((r) => ({
            mailingId: Number(r.mailing_id),
            recipientId: Number(r.id),
            attempt: Number(r.attempt),
          }))
          .sort((a, b) => a.recipientId - b.recipientId),
      });
    },
    json,
  );

  mount(
    mailingUpstreamRoutes.sendRecipient,
    async ({ body }, _req, res) => {
      const job = body;
      const claimed = await db.query<{
        id: number;
        email: string;
        first_name: string;
        last_name: string;
        locale: Locale;
      }>(
        `UPDATE mailing_recipients SET state = 'sending', claimed_at = now()
       WHERE id = $1 AND mailing_id = $2 AND attempt = $3 AND state = 'queued'
       RETURNING id, email, first_name, last_name, locale`,
        [job.recipientId, job.mailingId, job.attempt],
      );
      const recipient = claimed[0];
      if (!recipient) {
        // another delivery of this job, or an older attempt: whatever happened is recorded already
        const rows = await db.query<{ state: string; error: string | null }>(
          'SELECT state, error FROM mailing_recipients WHERE id = $1',
          [job.recipientId],
        );
        res.json({ state: 'skipped', error: rows[0]?.error ?? null });
        return;
      }
      const finish = (tx: Queryable, state: 'sent' | 'failed' | 'unsubscribed', error: string | null) =>
        tx.query(
          `UPDATE mailing_recipients SET state = $2, error = $3, sent_at = CASE WHEN $2 = 'sent' THEN now() END
         WHERE id = $1 AND state = 'sending'`,
          [recipient.id, state, error],
        );
      const mailing = await mailingOf(job.mailingId);
      const unsubscribed = mailing
        ? await db.query(
            'SELECT 1 FROM mailing_unsubscribes WHERE organization_id = $1 AND email = lower($2)',
            [mailing.organization_id, recipient.email],
          )
        : [];
      if (!mailing || unsubscribed.length) {
        await finish(db, mailing ? 'unsubscribed' : 'failed', mailing ? null : 'mailing deleted');
        res.json({ state: mailing ? 'unsubscribed' : 'failed', error: null });
        return;
      }
      const link = unsubscribeUrl(publicUrl, await tokenFor(db, recipient.id));
      const message: MailMessage = {
        to: recipient.email,
        // the mail's language: the recipient's, or the one written in their place
        ...renderMailing(
          mailing.content,
          { ...mailing, id: Number(mailing.event_id) },
          {
            email: recipient.email,
            firstName: recipient.first_name,
            lastName: recipient.last_name,
            locale: recipient.locale,
          },
          { publicUrl, unsubscribe: link },
        ),
        headers: unsubscribeHeaders(link),
      };
      res.json(await deliver(ctx, message, (tx, state, error) => finish(tx, state, error)));
    },
    json,
  );

  /** Another feature's single mail (a badge), idempotent by its key: sent at most once per key. */
  mount(
    mailingUpstreamRoutes.sendMail,
    async ({ body }, _req, res) => {
      res.json(
        await sendKeyedMail(ctx, body.key, {
          to: body.to,
          locale: body.locale,
          subject: body.subject,
          text: body.text,
          html: body.html,
          attachments: body.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        }),
      );
    },
    json,
  );

  /** The link's event and state; `unsubscribe` or `resubscribe` first changes it for the organisation. */
  const unsubscribeInfo = async (token: string, act?: 'unsubscribe' | 'resubscribe') => {
    const recipientId = await verifyUnsubscribeToken(db, token);
    const rows = recipientId
      ? await db.query<{ email: string; locale: Locale; organization_id: number } & Row>(
          `SELECT r.email, r.locale, ${EVENT_NAME_COLUMNS}, e.organization_id FROM mailing_recipients r
           JOIN mailings m ON m.id = r.mailing_id JOIN events e ON e.id = m.event_id WHERE r.id = $1`,
          [recipientId],
        )
      : [];
    const row = rows[0];
    if (!row) throw new HttpError(404, 'unknown_link', 'Unknown unsubscribe link');
    if (act === 'unsubscribe')
      await db.query(
        `INSERT INTO mailing_unsubscribes (organization_id, email) VALUES ($1, lower($2))
         ON CONFLICT DO NOTHING`,
        [row.organization_id, row.email],
      );
    if (act === 'resubscribe')
      await db.query('DELETE FROM mailing_unsubscribes WHERE organization_id = $1 AND email = lower($2)', [
        row.organization_id,
        row.email,
      ]);
    const done = await db.query(
      'SELECT 1 FROM mailing_unsubscribes WHERE organization_id = $1 AND email = lower($2)',
      [row.organization_id, row.email],
    );
    // the page is in the recipient's language: the event's name too
    return { locale: row.locale, event: eventNameOfRow(row, row.locale), unsubscribed: done.length > 0 };
  };
  mount(mailingUpstreamRoutes.unsubscribeInfo, async ({ query }, _req, res) => {
    res.json(await unsubscribeInfo(query.token));
  });
  mount(mailingUpstreamRoutes.unsubscribe, async ({ body }, _req, res) => {
    res.json(await unsubscribeInfo(body.token, 'unsubscribe'));
  });
  mount(mailingUpstreamRoutes.resubscribe, async ({ body }, _req, res) => {
    res.json(await unsubscribeInfo(body.token, 'resubscribe'));
  });

  return router;
}

/**
 * Recipients materialised when a scheduled mailing is due: one row per distinct address of the audience,
 * unsubscribed ones recorded as such. Status and rows change in one transaction, once.
 */
async function start(db: Ctx['db'], m: { id: number; event_id: number; audience: MailingAudience }) {
  await db.transaction(async (tx) => {
    const won = await tx.query(
      "UPDATE mailings SET status = 'sending', started_at = now() WHERE id = $1 AND status = 'scheduled' RETURNING id",
      [m.id],
    );
    if (!won[0]) return;
    const params: unknown[] = [m.event_id];
    const select = audienceSelect(m.audience, params);
    params.push(m.id);
    await tx.query(
      `INSERT INTO mailing_recipients (mailing_id, registration_id, email, first_name, last_name, locale, state)
       SELECT $${params.length}, a.id, a.email, a.first_names, a.last_name, a.locale,
              CASE WHEN a.unsubscribed THEN 'unsubscribed' ELSE 'queued' END
       FROM (${select}) a ON CONFLICT DO NOTHING`,
      params,
    );
  });
}

/**
 * A single mail sent at most once per `key` (the `mail_sends` row is claimed before the SMTP transaction;
 * a failed one may be tried again): a badge from the queue, the mail of a broken Google connection.
 */
export async function sendKeyedMail(ctx: Ctx, key: string, message: MailMessage) {
  const claimed = await ctx.db.query(
    `INSERT INTO mail_sends (key, state) VALUES ($1, 'sending')
     ON CONFLICT (key) DO UPDATE SET state = 'sending', error = NULL
       WHERE mail_sends.state = 'failed' RETURNING key`,
    [key],
  );
  if (!claimed[0]) return { state: 'skipped' as const, error: null };
  return deliver(ctx, message, (tx, state, error) =>
    tx.query(
      `UPDATE mail_sends SET state = $2, error = $3, sent_at = CASE WHEN $2 = 'sent' THEN now() END
       WHERE key = $1`,
      [key, state, error],
    ),
  );
}

type Record_ = (tx: Queryable, state: 'sent' | 'failed', error: string | null) => Promise<unknown>;

/**
 * The claimed mail sent and its outcome recorded. Outbox: the row and the state in one transaction, so
 * exactly once. SMTP: the state is written right after the server's answer; a refusal (`550 ...`) is the
 * recipient's failure with the server's reason, and the others go on.
 */
async function deliver(ctx: Ctx, message: MailMessage, record: Record_) {
  if (ctx.mail.kind === 'outbox') {
    await ctx.db.transaction(async (tx) => {
      await ctx.mail.send(message, tx);
      await record(tx, 'sent', null);
    });
    return { state: 'sent' as const, error: null };
  }
  try {
    await ctx.mail.send(message);
  } catch (error) {
    const reason = smtpReason(error);
    await record(ctx.db, 'failed', reason);
    return { state: 'failed' as const, error: reason };
  }
  await record(ctx.db, 'sent', null);
  return { state: 'sent' as const, error: null };
}

/**
 * Mailings whose last recipient is done with: marked finished once (a row lock decides, however many
 * scans run) and their `mailing.finished` event written with the counts. Done by the scan rather than by
 * the last send, which cannot tell it is the last while others commit beside it.
 */
async function recordFinishedMailings(tx: Queryable) {
  const finished = await tx.query<{ id: number; event_id: number; started_at: Date; finished_at: Date }>(
    `UPDATE mailings m SET finished_at = now()
      WHERE m.status = 'sending' AND m.finished_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM mailing_recipients r WHERE r.mailing_id = m.id AND r.state IN ('queued', 'sending'))
      RETURNING m.id, m.event_id, m.started_at, m.finished_at`,
  );
  for (const m of finished) {
    const counts = await tx.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM mailing_recipients WHERE mailing_id = $1 GROUP BY state',
      [m.id],
    );
    const count = (state: string) => Number(counts.find((c) => c.state === state)?.n ?? 0);
    await recordWebhookEvents(tx, { eventId: Number(m.event_id) }, 'mailing.finished', [
      {
        mailingId: Number(m.id),
        startedAt: toIso(m.started_at),
        finishedAt: toIso(m.finished_at),
        sent: count('sent'),
        failed: count('failed'),
        unsubscribed: count('unsubscribed'),
      },
    ]);
  }
}
