import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import type { Mailing, MailingAudience } from '@evt/contracts/mailings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { demoOrganisation } from '../test-members';

// Mailings: the "checked in or not" audience, the `mailing.sent` audit line, the demo mailings, and
// the badge sending's record (nobody asked twice).
let up: TestUpstream;
let owner: string;
let orgId: number;
let eventId: number;

const json = async <T>(answer: Response) => {
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return (await answer.json()) as T;
};
const post = (path: string, body: unknown) => up.call(path, { method: 'POST', token: owner, json: body });
const webhook = (path: string, body: unknown) =>
  up.call(`/webhook${path}`, {
    method: 'POST',
    headers: { [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY },
    json: body,
  });
const content = {
  fr: { subject: 'Bonjour {{firstName}}', body: 'Texte' },
  en: { subject: 'Hello {{firstName}}', body: 'Text' },
  ja: { subject: 'こんにちは {{firstName}}', body: '本文' },
};
const audience = (checkedIn?: MailingAudience['checkedIn']): MailingAudience => ({
  kinds: ['participant'],
  statuses: ['confirmed'],
  profileTypes: [],
  ...(checkedIn ? { checkedIn } : {}),
});

beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
  // an event of its own: six confirmed participants in fr, en, ja, the first two checked in
  const events = await up.db.query<{ id: number }>(
    `INSERT INTO events (organization_id, name, slug, start_date, end_date)
     VALUES ($1, 'Checked', 'checked-in-test', now(), now() + interval '1 day') RETURNING id`,
    [orgId],
  );
  eventId = Number(events[0]?.id);
  await up.db.query(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale)
     SELECT $1, 'participant', 'participant', 'confirmed', 'ci-' || i || '@audience.test', 'P' || i, 'L' || i,
            'P' || i, (ARRAY['fr', 'en', 'ja'])[1 + i % 3]
     FROM generate_series(0, 5) AS i`,
    [eventId],
  );
  await up.db.query(
    `INSERT INTO checkins (registration_id, event_id)
     SELECT id, event_id FROM registrations WHERE event_id = $1 AND email IN ('ci-0@audience.test', 'ci-1@audience.test')`,
    [eventId],
  );
});
afterAll(() => up?.close());

describe('the checked-in audience filter', () => {
  it('counts the checked in, the not checked in and everyone in the preview', async () => {
    const preview = async (checkedIn?: MailingAudience['checkedIn']) =>
      json<{ total: number; sample: { email: string }[] }>(
        await post(`/events/${eventId}/mailings/preview`, { audience: audience(checkedIn), content }),
      );
    const inside = await preview('checkedIn');
    expect(inside.sample.map((s) => s.email).sort()).toEqual(['ci-0@audience.test', 'ci-1@audience.test']);
    expect((await preview('notCheckedIn')).total).toBe(4);
    expect((await preview()).total).toBe(6);
  });

  it('refuses an unknown filter value', async () => {
    const answer = await post(`/events/${eventId}/mailings/preview`, {
      audience: { ...audience(), checkedIn: 'maybe' },
      content,
    });
    expect(answer.status).toBe(400);
  });

  it('sends to the not checked in only, and writes mailing.sent in the organisation’s audit log', async () => {
    const created = await json<Mailing>(
      await post(`/events/${eventId}/mailings`, { audience: audience('notCheckedIn'), content }),
    );
    expect(created.audience.checkedIn).toBe('notCheckedIn');
    await json(await post(`/events/${eventId}/mailings/${created.id}/send`, {}));
    // the workers' scan starts it: one recipient per person not checked in
    await json(await webhook('/mailing-due', { all: false, limit: 100 }));
    const rows = await up.db.query<{ email: string }>(
      'SELECT email FROM mailing_recipients WHERE mailing_id = $1 ORDER BY email',
      [created.id],
    );
    expect(rows.map((r) => r.email)).toEqual([2, 3, 4, 5].map((i) => `ci-${i}@audience.test`));

    const log = await json<{
      data: {
        action: string;
        eventId: number | null;
        actor: { name: string };
        details: Record<string, unknown>;
      }[];
    }>(await up.call(`/organizations/${orgId}/audit`, { token: owner }));
    const line = log.data.find((entry) => entry.action === 'mailing.sent');
    expect(line).toMatchObject({
      eventId,
      actor: { name: 'Camille Martin' },
      details: { mailingId: created.id, recipients: 4 },
    });
  });
});

describe('the demo mailings', () => {
  it('holds one sent with its recipients sent, one scheduled, one draft', async () => {
    const rows = await up.db.query<{ id: number }>("SELECT id FROM events WHERE slug = 'sii-2027'");
    const list = await json<{ data: Mailing[] }>(
      await up.call(`/events/${rows[0]?.id}/mailings`, { token: owner }),
    );
    expect(list.data.map((m) => m.status).sort()).toEqual(['draft', 'scheduled', 'sent']);
    const sent = list.data.find((m) => m.status === 'sent') as Mailing;
    expect(sent.counts.total).toBeGreaterThan(0);
    expect(sent.counts.sent).toBe(sent.counts.total);
  });
});

describe('badge sending records', () => {
  it('asks once per confirmed person: a second request adds nobody', async () => {
    const first = await json<{ requested: number; pending: number; remaining: number }>(
      await post(`/events/${eventId}/badge-sends`, { roles: ['participant'] }),
    );
    expect(first).toMatchObject({ requested: 6, pending: 6, remaining: 0 });
    const again = await json<{ requested: number }>(
      await post(`/events/${eventId}/badge-sends`, { roles: ['participant'] }),
    );
    expect(again.requested).toBe(0);
    const due = await json<{ badges: { registrationId: number; attempt: number }[] }>(
      await webhook('/badge-due', { limit: 100 }),
    );
    // the six of this event (the demo data asks for none)
    expect(due.badges).toHaveLength(6);
    const mine = await up.db.query<{ id: number }>(
      "SELECT id FROM registrations WHERE event_id = $1 AND email = 'ci-2@audience.test'",
      [eventId],
    );
    const answer = await json<{ job: { to: string; locale: string; subject: string } | null }>(
      await webhook('/badge-mail', { eventId, registrationId: Number(mine[0]?.id), attempt: 1 }),
    );
    expect(answer.job).toMatchObject({ to: 'ci-2@audience.test', locale: 'ja', subject: 'Checked のバッジ' });
  });
});

describe('the languages a mailing is written in', () => {
  const frenchOnly = {
    fr: { subject: 'Bonjour {{firstName}}', body: 'Texte' },
    en: { subject: '', body: '' },
  };

  it('saves a mailing written in one language, and refuses one written in none', async () => {
    const created = await json<Mailing>(
      await post(`/events/${eventId}/mailings`, { audience: audience(), content: frenchOnly }),
    );
    expect(Object.keys(created.content)).toEqual(['fr']);
    const none = await post(`/events/${eventId}/mailings`, {
      audience: audience(),
      content: { fr: { subject: ' ', body: '' } },
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: { details: unknown } }).error.details).toMatchObject({
      fieldErrors: { 'content.fr.subject': ['mailings.errors.noLanguage'] },
    });
  });

  it('refuses to send while recipients read a language it is not written in, naming each', async () => {
    const created = await json<Mailing>(
      await post(`/events/${eventId}/mailings`, { audience: audience(), content: frenchOnly }),
    );
    const answer = await post(`/events/${eventId}/mailings/${created.id}/send`, {});
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { details: unknown } }).error.details).toEqual({
      fieldErrors: {
        'content.en.subject': ['mailings.errors.languageNeeded.en'],
        'content.ja.subject': ['mailings.errors.languageNeeded.ja'],
      },
    });
  });

  it('sends a French-only mailing to an audience that reads French only', async () => {
    const events = await up.db.query<{ id: number }>(
      `INSERT INTO events (organization_id, name, slug, start_date, end_date, languages)
       VALUES ($1, 'Seul', 'french-only-test', now(), now() + interval '1 day', '["fr"]') RETURNING id`,
      [orgId],
    );
    const frEvent = Number(events[0]?.id);
    await up.db.query(
      `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale)
       VALUES ($1, 'participant', 'participant', 'confirmed', 'fr-only@audience.test', 'A B', 'B', 'A', 'fr')`,
      [frEvent],
    );
    const created = await json<Mailing>(
      await post(`/events/${frEvent}/mailings`, { audience: audience(), content: frenchOnly }),
    );
    const sent = await json<Mailing>(await post(`/events/${frEvent}/mailings/${created.id}/send`, {}));
    expect(sent.status).toBe('scheduled');
  });
});

describe('subscribing again', () => {
  it('lets the holder of an unsubscribe link subscribe again, and refuses a forged link', async () => {
    const recipients = await up.db.query<{ id: number; email: string }>(
      'SELECT id, email FROM mailing_recipients ORDER BY id LIMIT 1',
    );
    const recipient = recipients[0];
    if (!recipient) throw new Error('a recipient from the sending above');
    const { unsubscribeToken } = await import('./render');
    const token = await unsubscribeToken(up.db, Number(recipient.id));
    expect(
      await json<{ unsubscribed: boolean }>(await webhook('/mailing-unsubscribe', { token })),
    ).toMatchObject({
      unsubscribed: true,
    });
    expect(
      await json<{ unsubscribed: boolean }>(await webhook('/mailing-resubscribe', { token })),
    ).toMatchObject({ unsubscribed: false });
    const rows = await up.db.query('SELECT 1 FROM mailing_unsubscribes WHERE email = lower($1)', [
      recipient.email,
    ]);
    expect(rows).toHaveLength(0);
    const forged = await webhook('/mailing-resubscribe', { token: `${recipient.id}.AAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.status).toBe(404);
  });
});
