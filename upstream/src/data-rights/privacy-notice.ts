import { readFileSync } from 'node:fs';
import { CONSENT_WORDING_KEY } from '@evt/contracts/forms/consent';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@evt/contracts/locale';
import {
  EMPTY_PRIVACY_NOTICE,
  hasNotice,
  type PrivacyNotice,
  type PublicPrivacy,
} from '@evt/contracts/privacy-notice';
import { apiRoutes } from '@evt/contracts/routes';
import type { Router } from 'express';
import { requireManager, requireMember } from '../access';
import type { Ctx } from '../context';
import type { Queryable, Row } from '../db/db';
import { authOf } from '../http/auth';
import { mountOn } from '../http/mount';
import { sha256 } from '../model/registrations';

interface NoticeRow extends Row {
  name: string;
  email: string | null;
  privacy_url: string;
  privacy_texts: Partial<Record<Locale, string>> | null;
  privacy_contact: string;
}

const toNotice = (row: NoticeRow | undefined): PrivacyNotice =>
  row
    ? {
        url: row.privacy_url,
        texts: {
          fr: row.privacy_texts?.fr ?? '',
          en: row.privacy_texts?.en ?? '',
          ja: row.privacy_texts?.ja ?? '',
        },
        contactEmail: row.privacy_contact,
      }
    : EMPTY_PRIVACY_NOTICE;

const NOTICE_COLUMNS = 'o.name, o.email, o.privacy_url, o.privacy_texts, o.privacy_contact';

/**
 * What a public form of the event shows: the organiser's name and its notice. With no privacy contact, the
 * organisation's own address (its settings) is the one to write to.
 */
export async function publicPrivacyOf(db: Queryable, eventId: number): Promise<PublicPrivacy> {
  const rows = await db.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS} FROM events e JOIN organizations o ON o.id = e.organization_id WHERE e.id = $1`,
    [eventId],
  );
  const notice = toNotice(rows[0]);
  return {
    organizer: rows[0]?.name ?? '',
    notice: { ...notice, contactEmail: notice.contactEmail || (rows[0]?.email ?? '') },
  };
}

/** The notice's version: a hash of it as it reads (the default sentence's is `default`). */
export function noticeVersion(notice: PrivacyNotice): string {
  if (!hasNotice(notice)) return 'default';
  return sha256(JSON.stringify([notice.url, notice.texts.fr, notice.texts.en, notice.texts.ja])).slice(0, 16);
}

// locales/ at the repository root, like the mails' texts: the box's label as the visitor read it
const LOCALES_DIR = new URL('../../../locales/', import.meta.url);
let wordings: Record<Locale, string> | undefined;

/** The consent box's label in a language, exactly as the form showed it. */
export function consentWording(locale: Locale): string {
  wordings ??= Object.fromEntries(
    LOCALES.map((l) => {
      const tree = JSON.parse(readFileSync(new URL(`${l}.json`, LOCALES_DIR), 'utf8')) as Record<
        string,
        unknown
      >;
      const text = CONSENT_WORDING_KEY.split('.').reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        tree,
      );
      return [l, String(text)];
    }),
  ) as Record<Locale, string>;
  return wordings[locale] ?? wordings[DEFAULT_LOCALE];
}

/** The organisation's privacy notice: any member reads it, owners and administrators set it. */
export function privacyNoticeRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;
  const read = async (id: number) =>
    toNotice(
      (await db.query<NoticeRow>(`SELECT ${NOTICE_COLUMNS} FROM organizations o WHERE o.id = $1`, [id]))[0],
    );

  mount(apiRoutes.privacyNotice.getPrivacyNotice, async ({ params }, _req, res) => {
    await requireMember(db, params.id, authOf(res).id);
    res.json(await read(params.id));
  });

  mount(apiRoutes.privacyNotice.setPrivacyNotice, async ({ params, body }, _req, res) => {
    await requireManager(db, params.id, authOf(res).id);
    await db.query(
      `UPDATE organizations SET privacy_url = $2, privacy_texts = $3::jsonb, privacy_contact = $4 WHERE id = $1`,
      [params.id, body.url, JSON.stringify(body.texts), body.contactEmail],
    );
    res.json(await read(params.id));
  });

  return router;
}
