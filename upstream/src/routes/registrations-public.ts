import { mountOn } from '../http/mount';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { personName } from '@evt/contracts/person-name';
import { UPLOAD_MAX_BYTES } from '@evt/contracts/forms/fields';
import { fileFieldFor, formFor } from '@evt/contracts/forms/registry';
import type { Event } from '@evt/contracts/events';
import { LOCALES, localisePath, normaliseLocale } from '@evt/contracts/locale';
import { publicFormsOf } from '@evt/contracts/registration-forms';
import { maskEmail, uploadFields } from '@evt/contracts/public-registrations';
import { publicEventPath } from '@evt/contracts/visitor-pages';
import type { Router } from 'express';
import type { Ctx } from '../context';
import type { Queryable } from '../db/db';
import { fileNameFor } from '../http/download-name';
import { HttpError, notFound } from '../http/errors';
import { sniffFile } from '../http/images';
import { loggableError } from '../logger';
import { filesOf, multipart } from '../http/uploads';
import { parse } from '../http/validate';
import { sendDelegationInvites } from '../mail/delegation-invites';
import { linkDelegation } from '../model/delegations';
import { composeMail } from '../mail/templates';
import { EVENT_COLUMNS, eventNameIn, toEvent } from '../model/mappers';
import { CONFIRM_TTL_MS, namesOf, newSecret, sha256, UPLOAD_TTL_MS } from '../model/registrations';
import { eventFormsOf } from '../webhook/queries';
import { issueSpaceLinkLater, rememberLinkBase } from '../b2b/access';
import { featureOn, requireVisitorFeature } from './features';
import { PRIVACY_CONSENT_FIELD } from '@evt/contracts/forms/consent';
import type { RegistrationStatus } from '@evt/contracts/forms/kinds';
import {
  type LockedForm,
  lockForm,
  placeFor,
  registrationStatusChanged,
  waitlistLength,
  waitlistPlaces,
} from '../model/places';
import { consentWording, noticeVersion, publicPrivacyOf } from '../data-rights/privacy-notice';

/** Statuses whose confirmation link answers `already_confirmed`. */
const ALREADY: readonly string[] = ['confirmed', 'accepted'];

/**
 * The event a visitor's address names (its slug or its numeric id), for every public read and write: the
 * page, the forms, the programme and its `.ics`, registering, uploading, confirming, resending. A draft is
 * public nowhere: it answers 404 as an event that does not exist, whichever way it is named.
 */
export async function eventBySlug(db: Queryable, slug: string) {
  const numeric = /^\d{1,9}$/.test(slug) ? Number(slug) : null;
  const rows = await db.query(
    `SELECT ${EVENT_COLUMNS} FROM events e LEFT JOIN event_logos el ON el.event_id = e.id
     WHERE (e.slug = $1 OR e.id = $2) AND e.status IN ('published', 'archived')
     ORDER BY (e.slug = $1) DESC LIMIT 1`,
    [slug, numeric ?? -1],
  );
  if (!rows[0]) throw notFound('Event');
  return toEvent(rows[0]);
}

const formClosed = () => new HttpError(410, 'form_closed', 'This form is closed');
const deadlinePassed = () =>
  new HttpError(410, 'form_deadline_passed', 'This form stopped taking registrations at its closing date');
const formFull = () => new HttpError(409, 'form_full', 'Every place of this form is taken');

/** Whether a visitor could submit the event's form of this kind now (requireOpenForm without refusing). */
async function isFormOpen(db: Queryable, eventId: number, kind: string): Promise<boolean> {
  try {
    await requireOpenForm(db, eventId, kind);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

async function requireOpenForm(db: Queryable, eventId: number, kind: string) {
  // with the event's forms switched off (/admin/features), every form is closed to visitors
  await requireVisitorFeature(db, eventId, 'formModel', formClosed);
  const form = publicFormsOf(await eventFormsOf(db, eventId)).find((f) => f.kind === kind);
  if (!form) throw notFound('Form');
  if (!form.open) throw formClosed();
  if (form.closesAt && Date.parse(form.closesAt) <= Date.now()) throw deadlinePassed();
  return form;
}

/** One text of the event's translations per language, where it was written. */
function versionsOf(translations: Event['translations'], text: 'name' | 'description') {
  return Object.fromEntries(
    Object.entries(translations)
      .map(([locale, versions]) => [locale, versions?.[text] ?? ''])
      .filter(([, value]) => value),
  );
}

/**
 * What the visitor's page is answered: a place (`pending`), the waiting list at `place`, or the form's
 * refusal (`full`, 409).
 */
type Answer = { status: 'pending' } | { status: 'waitlisted'; place: number } | { status: 'full' };

/** What a submission did, for the mails and the answer after the commit. */
interface RegisterOutcome {
  send: boolean;
  created?: boolean;
  answer: Answer;
  /** a waiting registration's real place, for its mail */
  waitlistMail?: number;
  already?: { locale: (typeof LOCALES)[number]; names: { lastName: string; firstNames: string } };
}

/**
 * The answer a new registration of the locked form would get now. An address already registered gets
 * this one too, whatever its own state, which goes to its mailbox only: the page never tells whether an
 * address was registered (docs/decisions/registration.md).
 */
async function newcomerAnswer(tx: Queryable, limits: LockedForm | null): Promise<Answer> {
  const place = limits ? placeFor(limits) : 'pending';
  if (place === 'waitlisted' && limits)
    return { status: 'waitlisted', place: (await waitlistLength(tx, limits.id)) + 1 };
  return { status: place === 'full' ? 'full' : 'pending' };
}

/**
 * A cancelled (or declined) registration submitted again: it asks for a place as a new one would, and
 * gets one (pending, with a new link sent), the waiting list, or the form's refusal when full.
 */
async function retake(
  tx: Queryable,
  found: { id: number; status: string },
  limits: LockedForm | null,
  /** the hash of the new confirmation link, given when it takes a place */
  tokenHash: string,
): Promise<RegisterOutcome> {
  const place = limits ? placeFor(limits) : 'pending';
  if (place === 'full') throw formFull();
  const pending = place === 'pending';
  await tx.query(
    `UPDATE registrations SET status = $2, confirm_token_hash = $3, confirm_expires_at = $4,
       confirm_by = NULL, waitlisted_at = CASE WHEN $2 = 'waitlisted' THEN clock_timestamp() END WHERE id = $1`,
    [found.id, place, pending ? tokenHash : null, pending ? new Date(Date.now() + CONFIRM_TTL_MS) : null],
  );
  await registrationStatusChanged(tx, {
    registrationId: found.id,
    from: found.status as RegistrationStatus,
    to: place,
  });
  if (!pending) {
    const at = (await waitlistPlaces(tx, [found.id])).get(found.id) ?? 1;
    return { send: false, answer: { status: 'waitlisted', place: at }, waitlistMail: at };
  }
  return { send: true, answer: { status: 'pending' } };
}

/**
 * Public registration, called by the BFF only (the shared service header): the BFF validates, limits and
 * refuses cross-site posts; this stores, deduplicates and mails. Answers are the BFF's contract shapes.
 */
export function publicRegistrationRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(upstreamRoutes.publicEvent, async (_input, req, res) => {
    const event = await eventBySlug(db, String(req.params.slug));
    res.json({
      id: event.id,
      slug: event.slug,
      title: event.name,
      titles: versionsOf(event.translations, 'name'),
      logo: event.logo,
      languages: event.languages,
      startDate: event.startDate,
      endDate: event.endDate,
      startTime: event.startTime,
      endTime: event.endTime,
      timeZone: event.timeZone,
      // what the event's public page shows besides its forms (contracts: publicEventDetails)
      description: event.description,
      descriptions: versionsOf(event.translations, 'description'),
      venue: event.venue,
      city: event.city,
      country: event.country,
      formsOff: !(await featureOn(db, event.id, 'formModel')),
      privacy: await publicPrivacyOf(db, event.id),
    });
  });

  mount(
    upstreamRoutes.publicUpload,
    async (_input, req, res) => {
      // multipart: its fields are read with the upload, by the contract's schema of them
      const fields = parse(uploadFields, req.body);
      const file = filesOf(req.files)[0];
      if (!file)
        throw new HttpError(400, 'validation_failed', 'A file is required', {
          fieldErrors: { file: ['validation.required'] },
        });
      const event = await eventBySlug(db, fields.eventSlug);
      const form = await requireOpenForm(db, event.id, fields.kind);
      // the form's own file fields and its questions' (forms/questions.ts)
      const limits = fileFieldFor(fields.kind, fields.field, form.questions);
      if (!limits)
        throw new HttpError(400, 'validation_failed', 'Unknown file field', {
          fieldErrors: { field: ['validation.invalidInput'] },
        });
      if (file.size > limits.maxBytes) throw new HttpError(413, 'payload_too_large', 'The file is too large');
      const sniffed = await sniffFile(file.buffer, limits.types);
      if (!sniffed) throw new HttpError(415, 'unsupported_media_type', 'This file type is not accepted');
      // files never claimed by a registration go once their token has expired
      void db
        .query('DELETE FROM registration_files WHERE registration_id IS NULL AND expires_at < now()')
        .catch((err: unknown) => ctx.logger.warn({ err: loggableError(err) }, 'expired uploads not purged'));
      const token = newSecret('upl_');
      const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
      const name = fileNameFor(file.originalname, sniffed.mime);
      await db.query(
        `INSERT INTO registration_files (token_hash, event_id, kind, field, filename, content_type, size, data, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          sha256(token),
          event.id,
          fields.kind,
          fields.field,
          name,
          sniffed.mime,
          file.size,
          file.buffer,
          expiresAt,
        ],
      );
      res.status(201).json({
        token,
        field: fields.field,
        name,
        size: file.size,
        type: sniffed.mime,
        expiresAt: expiresAt.toISOString(),
      });
    },
    { readBody: multipart(UPLOAD_MAX_BYTES, 1) },
  );

  mount(upstreamRoutes.publicRegister, async ({ params, body }, _req, res) => {
    const { slug, kind } = params;
    const event = await eventBySlug(db, slug);
    const form = await requireOpenForm(db, event.id, kind);
    // the kind's fields and the form's questions, whose answers are stored with the rest of the data; the
    // consent box is checked by the form's schema, then recorded beside the answers, not among them
    const definition = formFor(kind, form.questions);
    const { [PRIVACY_CONSENT_FIELD]: _consent, ...data } = parse(definition.schema, body.data) as Record<
      string,
      unknown
    >;
    const { notice } = await publicPrivacyOf(db, event.id);
    const email = String(data.email).trim().toLowerCase();
    const token = newSecret();
    const formId = body.formId ?? form.formId;
    const outcome = await db.transaction(async (tx): Promise<RegisterOutcome> => {
      // the form's row stays locked until the commit: whoever comes next for its last place waits here,
      // then counts this registration (model/places.ts)
      const limits =
        (formId !== null ? await lockForm(tx, event.id, formId) : null) ??
        (form.formId !== null ? await lockForm(tx, event.id, form.formId) : null);
      // the closing date, read again under the lock: the forms' list the check above read may be cached
      if (limits?.closesAt && limits.closesAt.getTime() <= Date.now()) throw deadlinePassed();
      const existing = await tx.query<{
        id: number;
        status: string;
        locale: string;
        last_name: string;
        first_names: string;
      }>(
        `SELECT id, status, locale, last_name, first_names FROM registrations
         WHERE event_id = $1 AND kind = $2 AND lower(email) = $3`,
        [event.id, kind, email],
      );
      const found = existing[0];
      // registering again after a cancellation asks for a place again, as a new registration would
      if (found && (found.status === 'cancelled' || found.status === 'declined'))
        return retake(tx, found, limits, sha256(token));
      // an address already registered: the page is answered as a newcomer's would be, the rest is mailed
      const answer = found ? await newcomerAnswer(tx, limits) : null;
      // still waiting: its place goes to its mailbox, and no link lets it jump the list
      if (found?.status === 'waitlisted' && answer) {
        const place = (await waitlistPlaces(tx, [found.id])).get(found.id) ?? 1;
        return { send: false, answer, waitlistMail: place };
      }
      if (found && answer) {
        // registering again resends the confirmation; a confirmed registration stays as it is, and its
        // owner is told so in its language (the page answers alike, so the visitor learns nothing more)
        if (found.status === 'confirmed')
          // greeted by the names it registered with, not by whatever this submission typed
          return {
            send: false,
            answer,
            already: {
              locale: normaliseLocale(found.locale) ?? body.locale,
              names: { lastName: found.last_name, firstNames: found.first_names },
            },
          };
        await tx.query(
          `UPDATE registrations SET confirm_token_hash = $2,
             confirm_expires_at = CASE WHEN status = 'promoted' THEN confirm_by ELSE $3 END, locale = $4, consent_at = now(),
             consent_locale = $4, consent_wording = $5, consent_notice_url = $6, consent_notice_version = $7
           WHERE id = $1`,
          [
            found.id,
            sha256(token),
            new Date(Date.now() + CONFIRM_TTL_MS),
            body.locale,
            consentWording(body.locale),
            notice.url,
            noticeVersion(notice),
          ],
        );
        return { send: true, answer };
      }
      const place = limits ? placeFor(limits) : 'pending';
      if (place === 'full') throw formFull();
      const names = namesOf(data);
      const stored = await consumeUploads(tx, event.id, kind, definition.files, data);
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, data,
           locale, form_id, telegram_notifications, confirm_token_hash, confirm_expires_at,
           consent_at, consent_locale, consent_wording, consent_notice_url, consent_notice_version,
           confirm_url, waitlisted_at)
         VALUES ($1, $2, $3, $17, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now(), $9, $14, $15, $16, $18,
           CASE WHEN $17 = 'waitlisted' THEN clock_timestamp() END)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          event.id,
          definition.slug,
          kind,
          email,
          personName(names, body.locale),
          names.lastName,
          names.firstNames,
          JSON.stringify(stored.data),
          body.locale,
          formId,
          data.telegramNotifications === true,
          // a waiting visitor gets no link: it could confirm a place it does not have
          place === 'pending' ? sha256(token) : null,
          place === 'pending' ? new Date(Date.now() + CONFIRM_TTL_MS) : null,
          consentWording(body.locale),
          notice.url,
          noticeVersion(notice),
          place,
          body.confirmUrl,
        ],
      );
      const id = inserted[0]?.id;
      // a concurrent twin won the race: nothing stored here, the twin's mail is on its way
      if (!id) return { send: false, answer: await newcomerAnswer(tx, limits) };
      await registrationStatusChanged(tx, { registrationId: id, from: null, to: place });
      await linkDelegation(tx, { id, eventId: event.id, kind });
      // a B2B company's personal link goes to where it registered
      if (kind === 'b2b') await rememberLinkBase(tx, id, body.confirmUrl);
      if (stored.fileIds.length)
        await tx.query('UPDATE registration_files SET registration_id = $1 WHERE id = ANY($2::int[])', [
          id,
          stored.fileIds,
        ]);
      if (place === 'waitlisted') {
        const at = (await waitlistPlaces(tx, [id])).get(id) ?? 1;
        return { send: false, created: true, answer: { status: 'waitlisted', place: at }, waitlistMail: at };
      }
      return { send: true, created: true, answer: { status: 'pending' } };
    });
    if (outcome.already) await sendAlreadyRegistered(ctx, email, event, body.confirmUrl, outcome.already);
    else if (outcome.waitlistMail !== undefined)
      await sendWaitlisted(ctx, email, event, body.confirmUrl, {
        locale: body.locale,
        names: namesOf(data),
        place: outcome.waitlistMail,
      });
    else if (outcome.send)
      await sendConfirmation(
        ctx,
        email,
        body.locale,
        eventNameIn(event, body.locale),
        body.confirmUrl,
        token,
        namesOf(data),
      );
    const { answer } = outcome;
    // a full form refuses an address already registered as it refuses a new one (its mail went out above)
    if (answer.status === 'full') throw formFull();
    res
      .status(202)
      .json(
        answer.status === 'waitlisted'
          ? { status: 'waitlisted', email: maskEmail(email), place: answer.place }
          : { status: 'pending', email: maskEmail(email) },
      );
    // a new delegation invites its members once (a second submission only resends the confirmation),
    // after the answer: up to EMAIL_LIST_MAX mails must not hold the visitor's request
    // (or, while the member form is closed, tells the head of delegation instead of mailing a dead link)
    if (kind === 'delegation' && outcome.created && answer.status === 'pending')
      void isFormOpen(db, event.id, 'delegation_member')
        .then((memberFormOpen) =>
          sendDelegationInvites(ctx, {
            locale: body.locale,
            confirmUrl: body.confirmUrl,
            eventSlug: event.slug ?? String(event.id),
            eventTitle: eventNameIn(event, body.locale),
            delegationName: String(data.delegationName),
            memberEmails: data.memberEmails as string[],
            headEmail: email,
            memberFormOpen,
          }),
        )
        .catch((err: unknown) =>
          ctx.logger.error({ err: loggableError(err) }, 'delegation invitations not sent'),
        );
  });

  mount(upstreamRoutes.publicConfirm, async ({ body }, _req, res) => {
    const { token, telegram } = body;
    const rows = await db.query<{
      id: number;
      status: string;
      kind: string;
      locale: string;
      event_id: number;
      expired: boolean;
      telegram_notifications: boolean;
    }>(
      `SELECT id, status, kind, locale, event_id, confirm_expires_at < now() AS expired, telegram_notifications
       FROM registrations WHERE confirm_token_hash = $1`,
      [sha256(token)],
    );
    const row = rows[0];
    if (!row) throw new HttpError(404, 'unknown_link', 'This confirmation link is unknown');
    const confirmable = row.status === 'pending' || row.status === 'promoted';
    // a cancelled registration's link (a promotion past its deadline among them) leads to no place any more
    if ((confirmable && row.expired) || !(confirmable || ALREADY.includes(row.status)))
      throw new HttpError(410, 'link_expired', 'This confirmation link has expired');
    let status: 'confirmed' | 'already_confirmed' = 'already_confirmed';
    if (confirmable) {
      // a promoted person confirms before its deadline, checked again in the statement (the expiry scan
      // may have freed the place meanwhile)
      const updated = await db.transaction(async (tx) => {
        const done = await tx.query(
          `UPDATE registrations SET status = 'confirmed', confirmed_at = now(), confirm_by = NULL
           WHERE id = $1 AND status = $2 AND (status <> 'promoted' OR confirm_by > now()) RETURNING id`,
          [row.id, row.status],
        );
        if (done.length)
          await registrationStatusChanged(tx, {
            registrationId: row.id,
            from: row.status as RegistrationStatus,
            to: 'confirmed',
          });
        return done;
      });
      if (!updated.length && row.status === 'promoted')
        throw new HttpError(410, 'link_expired', 'This confirmation link has expired');
      if (updated.length) status = 'confirmed';
      // a confirmed B2B company is a programme company: its personal link goes out by mail
      if (updated.length && row.kind === 'b2b') issueSpaceLinkLater(ctx, row.id);
    }
    const event = await eventBySlug(db, String(row.event_id));
    const locale = normaliseLocale(row.locale) ?? 'fr';
    // the BFF has a bot and the participant asked for it: a fresh start token (a reload makes a new one)
    let telegramToken: string | undefined;
    if (telegram && row.telegram_notifications) {
      telegramToken = newSecret();
      await db.query('UPDATE registrations SET telegram_start_hash = $2 WHERE id = $1', [
        row.id,
        sha256(telegramToken),
      ]);
    }
    res.json({
      status,
      kind: row.kind,
      eventSlug: event.slug,
      eventTitle: eventNameIn(event, locale),
      locale,
      ...(telegramToken ? { telegramToken } : {}),
    });
  });

  mount(upstreamRoutes.publicResend, async ({ body }, _req, res) => {
    const event = await eventBySlug(db, body.eventSlug).catch(() => null);
    if (event) {
      const token = newSecret();
      const rows = await db.query<{ locale: string; last_name: string; first_names: string }>(
        `UPDATE registrations SET confirm_token_hash = $4,
           confirm_expires_at = CASE WHEN status = 'promoted' THEN confirm_by ELSE $5 END
         WHERE event_id = $1 AND kind = $2 AND lower(email) = $3
           AND (status = 'pending' OR (status = 'promoted' AND confirm_by > now()))
         RETURNING locale, last_name, first_names`,
        [event.id, body.kind, body.email, sha256(token), new Date(Date.now() + CONFIRM_TTL_MS)],
      );
      const row = rows[0];
      if (row) {
        const locale = body.locale ?? (LOCALES.includes(row.locale as never) ? (row.locale as 'fr') : 'fr');
        await sendConfirmation(ctx, body.email, locale, eventNameIn(event, locale), body.confirmUrl, token, {
          lastName: row.last_name,
          firstNames: row.first_names,
        });
      }
    }
    // the same answer whoever asks: nobody learns who registered
    res.status(202).json({ status: 'sent' });
  });

  return router;
}

export async function sendConfirmation(
  ctx: Ctx,
  to: string,
  locale: (typeof LOCALES)[number],
  eventTitle: string,
  baseUrl: string,
  token: string,
  names: { lastName: string; firstNames: string },
) {
  const url = new URL(baseUrl);
  url.searchParams.set('token', token);
  const name = personName(names, locale);
  const mail = composeMail('registrationConfirm', locale, {
    link: url.toString(),
    organization: eventTitle,
    ...(name ? { name } : {}),
  });
  await ctx.mail.send({ to, locale, ...mail });
}

/**
 * A confirmed address registered again: nothing changes, and its owner learns it from a mail rather than
 * waiting for a confirmation link that never comes. The link leads to the event's public page on the site
 * that asked (the origin of its confirmation link).
 */
async function sendAlreadyRegistered(
  ctx: Ctx,
  to: string,
  event: Event,
  confirmUrl: string,
  { locale, names }: { locale: (typeof LOCALES)[number]; names: { lastName: string; firstNames: string } },
) {
  const link = new URL(localisePath(locale, publicEventPath(event.id)), new URL(confirmUrl).origin);
  const name = personName(names, locale);
  const mail = composeMail('registrationExists', locale, {
    link: link.toString(),
    organization: eventNameIn(event, locale),
    ...(name ? { name } : {}),
  });
  await ctx.mail.send({ to, locale, ...mail });
}

/**
 * A full form put the visitor on its waiting list: the mail says so, with its place, in its language, and
 * links to the event's page (no confirmation link: it comes with a promotion, when a place frees up).
 */
async function sendWaitlisted(
  ctx: Ctx,
  to: string,
  event: Event,
  confirmUrl: string,
  {
    locale,
    names,
    place,
  }: { locale: (typeof LOCALES)[number]; names: { lastName: string; firstNames: string }; place: number },
) {
  const link = new URL(localisePath(locale, publicEventPath(event.id)), new URL(confirmUrl).origin);
  const name = personName(names, locale);
  const mail = composeMail('registrationWaitlisted', locale, {
    link: link.toString(),
    organization: eventNameIn(event, locale),
    place: String(place),
    ...(name ? { name } : {}),
  });
  await ctx.mail.send({ to, locale, ...mail });
}

/**
 * Replaces each file field's upload tokens by file references after checking that every token was issued
 * for this event, kind and field, is unexpired and unused. A bad token is a 400 on its field.
 */
async function consumeUploads(
  tx: Queryable,
  eventId: number,
  kind: string,
  files: readonly { name: string }[],
  data: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; fileIds: number[] }> {
  const out = { ...data };
  const fileIds: number[] = [];
  for (const field of files) {
    const value = data[field.name];
    const tokens = (Array.isArray(value) ? value : [value]).filter(
      (t): t is string => typeof t === 'string' && t !== '',
    );
    const refs: number[] = [];
    for (const token of tokens) {
      const rows = await tx.query<{ id: number }>(
        `SELECT id FROM registration_files WHERE token_hash = $1 AND event_id = $2 AND kind = $3 AND field = $4
           AND registration_id IS NULL AND expires_at > now() FOR UPDATE`,
        [sha256(token), eventId, kind, field.name],
      );
      const id = rows[0]?.id;
      if (!id)
        throw new HttpError(400, 'validation_failed', 'A file of this registration is unknown or expired', {
          fieldErrors: { [field.name]: ['validation.fileExpired'] },
        });
      refs.push(id);
    }
    fileIds.push(...refs);
    out[field.name] = Array.isArray(value)
      ? refs.map((fileId) => ({ fileId }))
      : refs[0]
        ? { fileId: refs[0] }
        : null;
  }
  return { data: out, fileIds };
}
