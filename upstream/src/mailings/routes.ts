import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { languageNeededKey, mailingMsg, unknownPlaceholders } from '@evt/contracts/mailings';
import { LOCALES, type Locale } from '@evt/contracts/locale';
import type { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import { toIso } from '../db/db';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { smtpReason } from '../mail/mailer';
import { audit } from '../rights/permissions';
import { audienceSelect, loadMailing, toMailings } from './queries';
import { DEFAULT_PUBLIC_URL, renderMailing, unsubscribeUrl } from './render';

const fieldError = (field: string, key: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { fieldErrors: { [field]: [key] } });

/** A mailing naming an unknown placeholder is refused with the placeholder named (the message says it). */
function checkPlaceholders(body: unknown) {
  const content = (body as { content?: Record<string, Record<string, unknown>> } | null)?.content;
  if (!content || typeof content !== 'object') return;
  for (const [locale, texts] of Object.entries(content))
    for (const field of ['subject', 'body'])
      if (typeof texts?.[field] === 'string') {
        const unknown = unknownPlaceholders(texts[field] as string);
        if (unknown.length)
          throw fieldError(
            `content.${locale}.${field}`,
            mailingMsg.unknownPlaceholder,
            `Unknown placeholder ${unknown.map((n) => `{{${n}}}`).join(', ')} in content.${locale}.${field}`,
          );
      }
}

/** the mailing routes whose texts may name placeholders: an unknown one is refused by name */
const placeholdersNamed = { beforeParse: checkPlaceholders };

/** The grace given to the organiser's clock: a time a minute ago is "now". */
const PAST_GRACE_MS = 60_000;
const PREVIEW_SAMPLE = 50;
/** a sample token: the test mail's unsubscribe link leads to the "unknown link" page */
const SAMPLE_TOKEN = '0.AAAAAAAAAAAAAAAAAAAAAA';

interface EventRow {
  id: number;
  name: string;
  slug: string;
  organization_id: number;
}

/**
 * The organiser's mailings (reference-upstream extension): members of the event's organisation.
 * Only drafts change; sending is the workers' (webhook routes in worker-routes.ts).
 */
export function mailingRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;
  const publicUrl = ctx.publicUrl ?? DEFAULT_PUBLIC_URL;
  const eventOf = (params: { id: number }, userId: number) =>
    requireEvent<EventRow & Record<string, unknown>>(db, params.id, userId);

  mount(apiRoutes.mailings.list, async ({ params }, _req, res) => {
    const event = await eventOf(params, authOf(res).id);
    const rows = await db.query(
      'SELECT * FROM mailings WHERE event_id = $1 ORDER BY created_at DESC, id DESC',
      [event.id],
    );
    res.json({ data: await toMailings(db, rows) });
  });

  mount(
    apiRoutes.mailings.create,
    async ({ params, body }, _req, res) => {
      const user = authOf(res);
      const event = await eventOf(params, user.id);
      const rows = await db.query<{ id: number }>(
        'INSERT INTO mailings (event_id, created_by, audience, content) VALUES ($1, $2, $3, $4) RETURNING id',
        [event.id, user.id, JSON.stringify(body.audience), JSON.stringify(body.content)],
      );
      res.status(201).json(await loadMailing(db, event.id, Number(rows[0]?.id)));
    },
    placeholdersNamed,
  );

  mount(
    apiRoutes.mailings.preview,
    async ({ params, body }, _req, res) => {
      const event = await eventOf(params, authOf(res).id);
      const values: unknown[] = [event.id];
      const all = await db.query<{
        id: number;
        email: string;
        first_names: string;
        last_name: string;
        locale: Locale;
        unsubscribed: boolean;
      }>(audienceSelect(body.audience, values), values);
      const byLocale = { fr: 0, en: 0, ja: 0 };
      for (const r of all) byLocale[r.locale] = (byLocale[r.locale] ?? 0) + 1;
      const chosen = body.registrationId ? all.find((r) => Number(r.id) === body.registrationId) : all[0];
      const sample = all.slice(0, PREVIEW_SAMPLE);
      if (chosen && !sample.includes(chosen)) sample.push(chosen);
      const mail = chosen
        ? {
            to: chosen.email,
            ...renderMailing(
              body.content,
              event,
              {
                email: chosen.email,
                firstName: chosen.first_names,
                lastName: chosen.last_name,
                locale: chosen.locale,
              },
              { publicUrl, unsubscribe: unsubscribeUrl(publicUrl, SAMPLE_TOKEN) },
            ),
          }
        : null;
      res.json({
        total: all.length,
        unsubscribed: all.filter((r) => r.unsubscribed).length,
        byLocale,
        sample: sample.map((r) => ({
          registrationId: Number(r.id),
          email: r.email,
          firstName: r.first_names,
          lastName: r.last_name,
          locale: r.locale,
          unsubscribed: Boolean(r.unsubscribed),
        })),
        mail: mail && { to: mail.to, locale: mail.locale, subject: mail.subject, text: mail.text },
      });
    },
    placeholdersNamed,
  );

  mount(
    apiRoutes.mailings.test,
    async ({ params, body }, _req, res) => {
      const user = authOf(res);
      const event = await eventOf(params, user.id);
      const rows = await db.query<{ email: string; first_name: string; last_name: string }>(
        'SELECT email, first_name, last_name FROM users WHERE id = $1',
        [user.id],
      );
      const me = rows[0];
      if (!me) throw notFound('User');
      const mail = renderMailing(
        body.content,
        event,
        { email: me.email, firstName: me.first_name, lastName: me.last_name, locale: body.locale },
        { publicUrl, unsubscribe: unsubscribeUrl(publicUrl, SAMPLE_TOKEN) },
      );
      try {
        await ctx.mail.send({ to: me.email, ...mail, subject: `[Test] ${mail.subject}` });
      } catch (error) {
        throw new HttpError(502, 'mail_failed', `The test mail was not sent: ${smtpReason(error)}`);
      }
      res.json({ to: me.email });
    },
    placeholdersNamed,
  );

  mount(apiRoutes.mailings.get, async ({ params }, _req, res) => {
    const { id, mailingId } = params;
    await requireEvent(db, id, authOf(res).id);
    res.json(await loadMailing(db, id, mailingId));
  });

  /** Only a draft changes (a scheduled one is cancelled back to draft first). */
  const updateDraft = async (eventId: number, mailingId: number, sql: string, values: unknown[]) => {
    const rows = await db.query(
      `UPDATE mailings SET ${sql}, updated_at = now() WHERE id = $1 AND event_id = $2 AND status = 'draft' RETURNING id`,
      [mailingId, eventId, ...values],
    );
    if (rows[0]) return;
    await loadMailing(db, eventId, mailingId); // 404 when it is not there
    throw new HttpError(409, 'conflict', 'Only a draft mailing changes', {
      fieldErrors: { status: [mailingMsg.notDraft] },
    });
  };

  mount(
    apiRoutes.mailings.update,
    async ({ params, body }, _req, res) => {
      const { id, mailingId } = params;
      await requireEvent(db, id, authOf(res).id);
      await updateDraft(id, mailingId, 'audience = $3, content = $4', [
        JSON.stringify(body.audience),
        JSON.stringify(body.content),
      ]);
      res.json(await loadMailing(db, id, mailingId));
    },
    placeholdersNamed,
  );

  mount(apiRoutes.mailings.remove, async ({ params }, _req, res) => {
    const { id, mailingId } = params;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query(
      "DELETE FROM mailings WHERE id = $1 AND event_id = $2 AND status = 'draft' RETURNING id",
      [mailingId, id],
    );
    if (!rows[0]) {
      await loadMailing(db, id, mailingId);
      throw new HttpError(409, 'conflict', 'Only a draft mailing is deleted');
    }
    res.status(204).end();
  });

  mount(apiRoutes.mailings.send, async ({ params, body }, _req, res) => {
    const { id, mailingId } = params;
    const userId = authOf(res).id;
    const event = await requireEvent<EventRow & Record<string, unknown>>(db, id, userId);
    const { sendAt } = body;
    const when = sendAt ? new Date(sendAt) : new Date();
    if (when.getTime() < Date.now() - PAST_GRACE_MS)
      throw fieldError('sendAt', mailingMsg.sendAtPast, 'The send time is in the past');
    const current = await loadMailing(db, id, mailingId);
    const values: unknown[] = [id];
    const audience = await db.query<{ unsubscribed: boolean; locale: Locale }>(
      audienceSelect(current.audience, values),
      values,
    );
    if (!audience.some((r) => !r.unsubscribed))
      throw fieldError('audience', mailingMsg.audienceEmpty, 'Nobody is in the audience');
    // the languages the audience reads, each written: nobody gets a language they did not register in
    const unwritten = LOCALES.filter(
      (locale) => !current.content[locale] && audience.some((r) => !r.unsubscribed && r.locale === locale),
    );
    if (unwritten.length)
      throw new HttpError(400, 'validation_failed', `Recipients read ${unwritten.join(', ')}: not written`, {
        fieldErrors: Object.fromEntries(
          unwritten.map((locale) => [`content.${locale}.subject`, [languageNeededKey(locale)]]),
        ),
      });
    await updateDraft(id, mailingId, "status = 'scheduled', send_at = $3", [when.toISOString()]);
    // the organisation's audit log: who sent which mailing to how many, and when it goes
    await audit(db, {
      organizationId: event.organization_id,
      eventId: id,
      actorId: userId,
      action: 'mailing.sent',
      details: {
        mailingId,
        recipients: audience.filter((r) => !r.unsubscribed).length,
        sendAt: when.toISOString(),
      },
    });
    res.json(await loadMailing(db, id, mailingId));
  });

  mount(apiRoutes.mailings.cancel, async ({ params }, _req, res) => {
    const { id, mailingId } = params;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query(
      `UPDATE mailings SET status = 'draft', send_at = NULL, updated_at = now()
       WHERE id = $1 AND event_id = $2 AND status = 'scheduled' RETURNING id`,
      [mailingId, id],
    );
    if (!rows[0]) {
      await loadMailing(db, id, mailingId);
      throw new HttpError(409, 'conflict', 'Only a scheduled mailing is cancelled');
    }
    res.json(await loadMailing(db, id, mailingId));
  });

  mount(apiRoutes.mailings.retry, async ({ params }, _req, res) => {
    const { id, mailingId } = params;
    await requireEvent(db, id, authOf(res).id);
    await loadMailing(db, id, mailingId);
    // a new attempt is a new job id on the queue; the lease is cleared so the next scan enqueues them
    await db.query(
      `UPDATE mailing_recipients SET state = 'queued', attempt = attempt + 1, error = NULL, enqueued_at = NULL,
         claimed_at = NULL WHERE mailing_id = $1 AND state = 'failed'`,
      [mailingId],
    );
    res.json(await loadMailing(db, id, mailingId));
  });

  mount(apiRoutes.mailings.recipients, async ({ params, query }, _req, res) => {
    const { id, mailingId } = params;
    await requireEvent(db, id, authOf(res).id);
    await loadMailing(db, id, mailingId);
    const values: unknown[] = [mailingId];
    let filter = 'mailing_id = $1';
    if (query.state) {
      values.push(query.state);
      filter += ' AND state = $2';
    }
    const [count, rows] = await Promise.all([
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mailing_recipients WHERE ${filter}`, values),
      db.query(
        `SELECT * FROM mailing_recipients WHERE ${filter} ORDER BY id
         LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
        values,
      ),
    ]);
    res.json({
      data: rows.map((r) => ({
        id: Number(r.id),
        registrationId: r.registration_id === null ? null : Number(r.registration_id),
        email: String(r.email),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        locale: r.locale as Locale,
        state: r.state,
        error: (r.error as string | null) ?? null,
        attempt: Number(r.attempt),
        sentAt: r.sent_at ? toIso(r.sent_at) : null,
      })),
      page: query.page,
      limit: query.limit,
      total: Number(count[0]?.n ?? 0),
    });
  });

  return router;
}
