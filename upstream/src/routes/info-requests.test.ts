import { infoRequest, infoRequestList, publicInfoRequest } from '@evt/contracts/info-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';

/** the information requests: the organiser's routes, the visitor's link and the reminders. */
let up: TestUpstream;
let camille: string;
let kenji: string;
let eventId: number;
let registrationId: number;
const service = { [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  kenji = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  const orgs = (await (await up.call('/organizations', { token: camille })).json()) as {
    data: { id: number }[];
  };
  const events = (await (
    await up.call(`/organizations/${orgs.data[0]?.id}/events`, { token: camille })
  ).json()) as {
    data: { id: number; slug: string }[];
  };
  eventId = events.data.find((e) => e.slug === 'sii-2027')?.id as number;
  const list = (await (
    await up.call(`/events/${eventId}/registrations?limit=20`, { token: camille })
  ).json()) as {
    data: { id: number }[];
  };
  registrationId = list.data.at(-1)?.id as number;
});
afterAll(() => up?.close());

const ask = (json: unknown, token = camille) =>
  up.call(`/events/${eventId}/requests`, { method: 'POST', token, json });
const asPublic = (path: string, json: unknown) =>
  up.call(`/public/requests/${path}`, { method: 'POST', headers: service, json });
/** the personal link of the newest mail (the outbox lists the newest first) */
const lastLink = async () => {
  const mails = await up.outbox();
  // the token in the fragment only (no server or log on the way sees it)
  const link = mails[0]?.links.find((l) => l.includes('/requests#key=')) ?? '';
  return link.slice(link.indexOf('#key=') + '#key='.length);
};
const question = {
  registrationId: 0,
  message: 'Merci de nous envoyer votre attestation.',
  items: [
    { kind: 'text', label: 'Numéro de TVA' },
    { kind: 'file', label: 'Attestation' },
  ],
};

describe('information requests', () => {
  it('lists the demo requests, one answered with its document and one waiting', async () => {
    const res = await up.call(`/events/${eventId}/requests`, { token: camille });
    const { items } = infoRequestList.parse(await res.json());
    const states = items.map((r) => r.state);
    expect(states).toContain('answered');
    expect(states).toContain('sent');
    const answered = items.find((r) => r.state === 'answered');
    expect(answered?.files[0]?.name).toBe('attestation-assurance.pdf');
    const file = await up.call(answered?.files[0]?.url ?? '', { token: camille });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses a request with no question, and one for a registration of another event', async () => {
    const none = await ask({ ...question, registrationId, items: [] });
    expect(none.status).toBe(400);
    const body = (await none.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } };
    expect(body.error.details.fieldErrors.items).toEqual(['infoRequests.validation.noQuestion']);
    expect((await ask({ ...question, registrationId: 999_999 })).status).toBe(404);
    // another organisation's member
    expect((await ask({ ...question, registrationId }, kenji)).status).toBe(403);
  });

  it('mails a personal link; the visitor opens, uploads and answers; the organiser sees the answer', async () => {
    const created = await ask({ ...question, registrationId });
    expect(created.status).toBe(201);
    const request = infoRequest.parse(await created.json());
    expect(request.state).toBe('sent');
    expect(JSON.stringify(request)).not.toMatch(/irq_/);
    const token = await lastLink();
    expect(token).toMatch(/^irq_/);

    const view = await asPublic('view', { token });
    expect(view.status).toBe(200);
    const shown = publicInfoRequest.parse(await view.json());
    expect(shown.message).toBe(question.message);
    expect(shown.items.map((i) => i.key)).toEqual(['q1', 'q2']);

    // the required document is missing
    const early = await asPublic('answer', { token, answers: { q1: 'FR999' } });
    expect(early.status).toBe(400);

    const upload = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('token', token);
      form.append('item', 'q2');
      form.append('file', new Blob([bytes]), name);
      return up.call('/public/requests/files', { method: 'POST', headers: service, body: form });
    };
    // typed by content: text named .pdf is refused
    expect((await upload(Buffer.from('not a pdf at all'), 'fake.pdf')).status).toBe(415);
    expect((await upload(PDF, 'attestation.pdf')).status).toBe(201);
    const answered = await asPublic('answer', { token, answers: { q1: 'FR999' } });
    expect(answered.status).toBe(200);
    // answered once
    expect((await asPublic('answer', { token, answers: { q1: 'again' } })).status).toBe(409);

    const list = infoRequestList.parse(
      await (
        await up.call(`/events/${eventId}/requests?registrationId=${registrationId}`, { token: camille })
      ).json(),
    );
    const mine = list.items.find((r) => r.id === request.id);
    expect(mine?.state).toBe('answered');
    expect(mine?.openedAt).not.toBeNull();
    expect(mine?.answers).toEqual({ q1: 'FR999' });
    expect(mine?.files.map((f) => f.name)).toEqual(['attestation.pdf']);
  });

  it('answers an unknown or cancelled link like an expired one', async () => {
    expect((await asPublic('view', { token: `irq_${'a'.repeat(43)}` })).status).toBe(404);
    const created = infoRequest.parse(await (await ask({ ...question, registrationId })).json());
    const token = await lastLink();
    const cancel = await up.call(`/events/${eventId}/requests/${created.id}/cancel`, {
      method: 'POST',
      token: camille,
    });
    expect(infoRequest.parse(await cancel.json()).state).toBe('cancelled');
    expect((await asPublic('view', { token })).status).toBe(404);
    // without the service header the public routes are closed
    expect((await up.call('/public/requests/view', { method: 'POST', json: { token } })).status).toBe(401);
  });

  it('resends a new link (the old one stops working) and filters by state', async () => {
    const created = infoRequest.parse(await (await ask({ ...question, registrationId })).json());
    const first = await lastLink();
    const resent = await up.call(`/events/${eventId}/requests/${created.id}/resend`, {
      method: 'POST',
      token: camille,
    });
    expect(resent.status).toBe(200);
    const second = await lastLink();
    expect(second).not.toBe(first);
    expect((await asPublic('view', { token: first })).status).toBe(404);
    expect((await asPublic('view', { token: second })).status).toBe(200);
    const opened = infoRequestList.parse(
      await (await up.call(`/events/${eventId}/requests?state=opened`, { token: camille })).json(),
    );
    expect(opened.items.map((r) => r.id)).toContain(created.id);
    expect(opened.items.every((r) => r.state === 'opened')).toBe(true);
  });

  it('reminds once an unanswered request after its days, with a link that works', async () => {
    const created = infoRequest.parse(
      await (await ask({ ...question, registrationId, reminderDays: 1 })).json(),
    );
    await up.db.query(`UPDATE info_requests SET sent_at = now() - interval '2 days' WHERE id = $1`, [
      created.id,
    ]);
    const remind = () => up.call('/webhook/info-request-reminders', { method: 'POST', headers: service });
    const first = (await (await remind()).json()) as { sent: number };
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mail = (await up.outbox())[0];
    expect(mail?.subject).toMatch(/Rappel|Reminder|リマインダー/);
    expect((await asPublic('view', { token: await lastLink() })).status).toBe(200);
    expect(((await (await remind()).json()) as { sent: number }).sent).toBe(0);
  });
});
