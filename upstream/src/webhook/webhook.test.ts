import { event } from '@evt/contracts/events';
import { enrolmentMetrics, eventData, eventForms } from '@evt/contracts/upstream-automation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgePng } from '../seed/png';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

const MATCH = {
  weights: { offerNeed: 5, profilePair: 3, sectors: 2, targetMarket: 2, format: 1, availability: 1, size: 1 },
  minScore: 20,
};

let up: TestUpstream;
beforeAll(async () => {
  up = await startTestUpstream();
});
afterAll(() => up?.close());

const hook = (path: string, init: RequestInit = {}, key: string | null = WEBHOOK_KEY) => {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set('x-automation-key', key);
  return fetch(`${up.webhookUrl}/${path}`, { ...init, headers });
};
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('webhook service', () => {
  it('refuses every call without the exact shared header', async () => {
    for (const key of [null, '', 'wrong', `${WEBHOOK_KEY}x`]) {
      const res = await hook('event?id=1', {}, key);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_webhook_key' } });
    }
    expect((await hook('zoom-meeting?eventId=1', json({}), 'wrong')).status).toBe(401);
  });

  it('answers the event, its metrics, forms and event_data', async () => {
    expect(event.parse(await (await hook('event?id=1')).json()).id).toBe(1);
    expect((await hook('event?id=9999')).status).toBe(404);
    const metrics = enrolmentMetrics.parse(await (await hook('enrolment?actions=metrics&event=1')).json());
    expect(metrics.total).toBe(12);
    expect(metrics.byStatus.pending + metrics.byStatus.confirmed).toBe(12);
    expect(Object.values(metrics.byRole).reduce((a, b) => a + b, 0)).toBe(12);
    expect(metrics.byDay.reduce((a, d) => a + d.count, 0)).toBe(12);
    const forms = eventForms.parse(await (await hook('event-forms?eventId=1')).json());
    expect(forms.data.map((f) => f.kind)).toEqual(['participant', 'exposant', 'b2b']);
    const created = await hook(
      'event-forms?eventId=1',
      json({ kind: 'sponsor', title: 'Sponsors', open: false }),
    );
    expect(created.status).toBe(201);
    const data = eventData.parse(await (await hook('event_data?eventId=1')).json());
    expect(data.forms.find((f) => f.kind === 'sponsor')?.open).toBe(false);
  });

  it("counts each form's registrations and keeps the organiser's order (extension)", async () => {
    const before = eventForms.parse(await (await hook('event-forms?eventId=2')).json()).data;
    const metrics = enrolmentMetrics.parse(await (await hook('enrolment?actions=metrics&event=2')).json());
    // the seed's registrations name no form: they are counted by their kind's code
    expect(before.find((f) => f.kind === 'participant')?.registrations).toBe(metrics.byRole.participant);
    expect(before.find((f) => f.kind === 'exposant')?.registrations).toBe(metrics.byRole.exposant);
    const reversed = before.map((f) => f.id).reverse();
    const ordered = await hook('event-forms-order?eventId=2', json({ formIds: reversed }));
    expect(ordered.status).toBe(200);
    expect(eventForms.parse(await ordered.json()).data.map((f) => f.id)).toEqual(reversed);
    const after = eventForms.parse(await (await hook('event-forms?eventId=2')).json()).data;
    expect(after.map((f) => f.id)).toEqual(reversed);
    // a new form comes last
    await hook('event-forms?eventId=2', json({ kind: 'panelist', title: 'Panel' }));
    const withNew = eventForms.parse(await (await hook('event-forms?eventId=2')).json()).data;
    expect(withNew.at(-1)?.kind).toBe('panelist');
    // every form once, and only the event's: else nothing changes
    for (const formIds of [reversed, [...reversed, reversed[0]], [...withNew.map((f) => f.id), 99_999]]) {
      const refused = await hook('event-forms-order?eventId=2', json({ formIds }));
      expect(refused.status).toBe(400);
    }
    const foreign = eventForms.parse(await (await hook('event-forms?eventId=1')).json()).data;
    const mixed = [...withNew.slice(1).map((f) => f.id), foreign[0]?.id];
    expect((await hook('event-forms-order?eventId=2', json({ formIds: mixed }))).status).toBe(400);
    const unchanged = eventForms.parse(await (await hook('event-forms?eventId=2')).json()).data;
    expect(unchanged.map((f) => f.id)).toEqual(withNew.map((f) => f.id));
  });

  it('stores credentials, matching config, logos and meetings', async () => {
    // the contract's scope is the query's id (the BFF's gateway checks it); the body's must agree
    const post = await hook('organization-credential?id=1', json({ id: 1, apiKey: 'k', region: 'eu' }));
    expect(post.status).toBe(200);
    const got = await (await hook('organization-credential?id=1')).json();
    expect(got).toMatchObject({ organizationId: 1, credentials: { apiKey: 'k', region: 'eu' } });

    expect((await hook('config_matching?f=1', json({ form_id: 3, config: MATCH }))).status).toBe(200);
    expect(await (await hook('config_matching?f=1')).json()).toMatchObject({ data: [{ formId: 3 }] });

    const png = badgePng(16, [0, 0, 0], [255, 0, 0]);
    const logo = await hook('event-logo?eventId=2', {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(logo.status).toBe(201);
    const { logo: path } = (await logo.json()) as { logo: string };
    expect((await up.call(path)).headers.get('content-type')).toBe('image/png');
    const svg = await hook('event-logo?eventId=2', {
      method: 'POST',
      body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect(svg.status).toBe(415);

    const meeting = await hook(
      'zoom-meeting?eventId=1',
      json({ topic: 'Briefing', startTime: '2027-01-10T09:00:00+01:00', duration: 30 }),
    );
    expect(meeting.status).toBe(201);
    const m = (await meeting.json()) as { id: number; joinUrl: string };
    expect(m.joinUrl).toMatch(/^https:\/\/zoom\.example\.invalid\/j\/\d+$/);
    // edited whole, twice (a retry): the same meeting, its link kept; another event's id is not found
    const edit = { topic: 'Briefing moved', startTime: '2027-01-11T14:30:00+01:00', duration: 45 };
    for (let i = 0; i < 2; i++) {
      const edited = await hook(`zoom-meeting?eventId=1&id=${m.id}`, { ...json(edit), method: 'PUT' });
      expect(edited.status).toBe(200);
      expect(await edited.json()).toEqual({
        id: m.id,
        eventId: 1,
        topic: 'Briefing moved',
        startTime: '2027-01-11T13:30:00.000Z',
        duration: 45,
        joinUrl: m.joinUrl,
      });
    }
    expect((await hook(`zoom-meeting?eventId=2&id=${m.id}`, { ...json(edit), method: 'PUT' })).status).toBe(
      404,
    );
    expect((await hook(`zoom-meeting?eventId=1&id=${m.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await hook(`zoom-meeting?eventId=1&id=${m.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
