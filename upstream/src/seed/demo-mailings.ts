import type { MailingAudience, MailingContent } from '@evt/contracts/mailings';
import type { Queryable } from '../db/db';
import { daysFrom } from './days';

const confirmedParticipants: MailingAudience = {
  kinds: ['participant'],
  statuses: ['confirmed'],
  profileTypes: [],
};

const welcome: MailingContent = {
  fr: {
    subject: 'Bienvenue au {{event}}',
    body: 'Bonjour {{firstName}},\n\nMerci pour votre inscription. Le programme est en ligne : {{eventLink}}\n\nSe désinscrire : {{unsubscribeLink}}',
  },
  en: {
    subject: 'Welcome to {{event}}',
    body: 'Hello {{firstName}},\n\nThank you for registering. The programme is online: {{eventLink}}\n\nUnsubscribe: {{unsubscribeLink}}',
  },
  ja: {
    subject: '{{event}} へようこそ',
    body: '{{firstName}} 様\n\nご登録ありがとうございます。プログラムを公開しました:{{eventLink}}\n\n配信停止:{{unsubscribeLink}}',
  },
};
const practical: MailingContent = {
  fr: {
    subject: '{{event}} : informations pratiques',
    body: 'Bonjour {{firstName}},\n\nLes portes ouvrent à 8 h 30. Pensez à votre badge.\n{{eventLink}}',
  },
  en: {
    subject: '{{event}}: practical information',
    body: 'Hello {{firstName}},\n\nDoors open at 8:30. Remember your badge.\n{{eventLink}}',
  },
  ja: {
    subject: '{{event}}:ご来場案内',
    body: '{{firstName}} 様\n\n開場は 8 時 30 分です。バッジをお忘れなく。\n{{eventLink}}',
  },
};
const thanks: MailingContent = {
  fr: {
    subject: 'Merci d’être venu au {{event}}',
    body: 'Bonjour {{firstName}},\n\nMerci de votre visite !',
  },
  en: {
    subject: 'Thank you for coming to {{event}}',
    body: 'Hello {{firstName}},\n\nThank you for your visit!',
  },
  ja: {
    subject: '{{event}} へのご来場ありがとうございました',
    body: '{{firstName}} 様\n\nご来場ありがとうございました。',
  },
};

/**
 * Demo mailings of an event: one sent a week ago (each confirmed participant a `sent`
 * recipient), one scheduled for the eve of the event, one draft to the checked-in, for after it.
 */
export async function seedDemoMailings(tx: Queryable, eventId: number, by: number, now: Date, eve: string) {
  const add = async (
    content: MailingContent,
    status: string,
    sendAt: string | null,
    audience = confirmedParticipants,
  ) => {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO mailings (event_id, created_by, audience, content, status, send_at, started_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $5 = 'sending' THEN $6::timestamptz END,
               coalesce($6::timestamptz, $7::timestamptz) - interval '1 day') RETURNING id`,
      [eventId, by, JSON.stringify(audience), JSON.stringify(content), status, sendAt, now.toISOString()],
    );
    return Number(rows[0]?.id);
  };
  const weekAgo = daysFrom(now, -7).toISOString();
  const sent = await add(welcome, 'sending', weekAgo);
  await tx.query(
    `INSERT INTO mailing_recipients (mailing_id, registration_id, email, first_name, last_name, locale, state,
       enqueued_at, claimed_at, sent_at)
     SELECT DISTINCT ON (lower(r.email)) $1, r.id, r.email, r.first_names, r.last_name, r.locale, 'sent', $2, $2, $2
     FROM registrations r WHERE r.event_id = $3 AND r.kind = 'participant' AND r.status = 'confirmed'
     ORDER BY lower(r.email), r.id`,
    [sent, weekAgo, eventId],
  );
  await add(practical, 'scheduled', eve);
  await add(thanks, 'draft', null, { ...confirmedParticipants, checkedIn: 'checkedIn' });
}
