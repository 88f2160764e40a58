import { randomUUID } from 'node:crypto';
import { personalDataExport } from '@evt/contracts/data-rights';
import { EXHIBITOR_KEY_HEADER } from '@evt/contracts/leads';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alteredBadgeCode } from '../../tests/support/badge-code';
import { badgeKey, signBadgeToken } from '../src/badges/token';
import type { AppConfig } from '../src/config/app-config';
import {
  apiCaller,
  CSRF,
  demoFairEvents,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/**
 * Lead retrieval: the organiser mails a stand its link; the stand's staff scan badges from the space it
 * opens (consenting, confirmed visitors of the event only), annotate, delete; scans queued offline sync
 * late and keep the first by time; the visitor's data export and erasure cover the leads made of them.
 */
let upstream: TestUpstream;
let bff: RunningBff;
let config: AppConfig;
let own: string;
let other: string;
let eventId = 0;
let otherEventId = 0;
let standId = 0;
let link = '';

const call = apiCaller(() => bff.url);
const token = (event: number, registration: number) =>
  signBadgeToken(badgeKey(null, config.sessionSecrets[0] as string), event, registration);
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes)).toISOString();

/** The stand's space on the BFF, with the link's key in its header (or `key` instead). */
async function space(method: string, path: string, body?: unknown, key = link) {
  const response = await fetch(`${bff.url}/api/public/exhibitors/sii-2027${path}`, {
    method,
    headers: { [EXHIBITOR_KEY_HEADER]: key, ...(method === 'GET' ? {} : CSRF), ...(body ? JSON_WRITE : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}
const scan = (code: string, scannedBy = 'Julie', scannedAt = new Date().toISOString()) => ({
  scanId: randomUUID(),
  code,
  scannedBy,
  scannedAt,
});
const outcomes = (answer: { json: { results: { result: { outcome: string } }[] } }) =>
  answer.json.results.map((r) => r.result.outcome);

interface Row {
  id: number;
  lastName: string;
  kind: string;
  status: string;
  data: Record<string, unknown>;
}
async function registrations(query: string): Promise<Row[]> {
  return (await call(own, 'GET', `/events/${eventId}/registrations?limit=100&${query}`)).json.data;
}

beforeAll(async () => {
  upstream = await startUpstream();
  config = testConfig(upstream);
  bff = await startBff(config);
  own = (await login(bff.url)).cookie;
  other = (await login(bff.url, DEMO_ORGANISER_2)).cookie;
  ({ eventId, otherEventId } = await demoFairEvents(bff.url, own));
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('the organiser', () => {
  it('sees how many leads each stand made, and mails a stand its link', async () => {
    const table = await call(own, 'GET', `/events/${eventId}/leads/exhibitors`);
    expect(table.status).toBe(200);
    const lumen = table.json.data.find((row: { name: string }) => row.name === 'Lumen Optique');
    expect(lumen).toMatchObject({ contact: 'Julie Marchand', leads: 4, linkSentAt: null, liveLinks: 0 });
    standId = lumen.registrationId;

    const sent = await call(own, 'POST', `/events/${eventId}/leads/exhibitors/${standId}/link`);
    expect(sent).toEqual({ status: 202, json: { status: 'sent' } });
    const mails = await upstream.outbox();
    const mail = mails.filter((m) => m.text.includes(`/events-sii-2027/exhibitor-${standId}#key=`)).at(-1);
    expect(mail?.subject).toContain('scannez les badges');
    const key = /#key=([0-9a-f]{48})/.exec(mail?.text ?? '')?.[1];
    expect(key).toBeDefined();
    link = `${standId}-${key}`;
    const after = await call(own, 'GET', `/events/${eventId}/leads/exhibitors`);
    expect(
      after.json.data.find((row: { registrationId: number }) => row.registrationId === standId),
    ).toMatchObject({
      liveLinks: 1,
      linkSentAt: expect.any(String),
    });
    const audit = await call(own, 'GET', `/events/${eventId}/audit`);
    expect(JSON.stringify(audit.json)).toContain('exhibitorLink.sent');
  });

  it('of another organisation reaches neither the counts nor the links', async () => {
    expect((await call(other, 'GET', `/events/${eventId}/leads/exhibitors`)).status).toBeGreaterThanOrEqual(
      403,
    );
    const send = await call(other, 'POST', `/events/${eventId}/leads/exhibitors/${standId}/link`);
    expect(send.status).toBeGreaterThanOrEqual(403);
    const revoke = await call(other, 'DELETE', `/events/${eventId}/leads/exhibitors/${standId}/link`);
    expect(revoke.status).toBeGreaterThanOrEqual(403);
    // and a registration that is no stand has no link to send
    const [visitor] = await registrations('kind=participant&status=confirmed');
    const notStand = await call(own, 'POST', `/events/${eventId}/leads/exhibitors/${visitor?.id}/link`);
    expect(notStand.status).toBe(404);
  });
});

describe("the stand's space", () => {
  it('opens with the link only, and shows the stand and its leads', async () => {
    const opened = await space('GET', '/space');
    expect(opened.status).toBe(200);
    expect(opened.json.exhibitor).toEqual({ name: 'Lumen Optique', contact: 'Julie Marchand' });
    expect(opened.json.leads).toHaveLength(4);
    expect(opened.json.leads[0]).toMatchObject({ note: expect.any(String), role: expect.any(String) });
    const wrongKey = `${standId}-${'0'.repeat(48)}`;
    expect((await space('GET', '/space', undefined, wrongKey)).status).toBe(404);
    expect((await space('GET', '/space', undefined, '')).status).toBe(400);
    // the key opens this stand only, at this event only
    const [visitor] = await registrations('kind=participant&status=confirmed');
    expect((await space('GET', '/space', undefined, `${visitor?.id}-${link.split('-')[1]}`)).status).toBe(
      404,
    );
    const elsewhere = await fetch(`${bff.url}/api/public/exhibitors/forum-b2b-lyon/space`, {
      headers: { [EXHIBITOR_KEY_HEADER]: link },
    });
    expect(elsewhere.status).toBe(404);
  });

  it("is installable: its manifest opens the stand's page in the language asked, without its key", async () => {
    const manifestOf = (query: string) =>
      fetch(`${bff.url}/api/public/exhibitors/sii-2027/manifest?${query}`);
    const answer = await manifestOf(`code=${standId}&locale=ja`);
    expect(answer.status).toBe(200);
    const manifest = await answer.json();
    expect(manifest).toMatchObject({
      start_url: `/jp/events-sii-2027/exhibitor-${standId}`,
      scope: `/jp/events-sii-2027/exhibitor-${standId}`,
      display: 'standalone',
      lang: 'ja',
      short_name: 'リード',
    });
    expect(JSON.stringify(manifest)).not.toContain('Lumen');
    expect((await manifestOf('code=abc')).status).toBe(400);
    expect((await manifestOf(`code=${standId}&locale=de`)).status).toBe(400);
  });

  it('adds a consenting visitor once, refuses the others and keeps nothing of them', async () => {
    const confirmed = await registrations('status=confirmed');
    const leads = (await space('GET', '/space')).json.leads as { lastName: string }[];
    const consenting = confirmed.filter(
      (r) => r.data.shareWithExhibitors === true && !leads.some((l) => r.lastName === l.lastName),
    );
    const refusing = confirmed.find((r) => r.id !== standId && r.data.shareWithExhibitors !== true);
    const [pending] = await registrations('status=pending');
    const fresh = consenting.at(-1) as Row;
    expect(refusing).toBeDefined();
    const first = scan(token(eventId, fresh.id));
    const answer = await space('POST', '/scans', {
      scans: [
        first,
        scan(token(eventId, fresh.id)),
        scan(token(eventId, (refusing as Row).id)),
        scan(token(eventId, (pending as Row).id)),
        scan(token(otherEventId, fresh.id)),
        scan(alteredBadgeCode(token(eventId, fresh.id))),
      ],
    });
    expect(answer.status).toBe(200);
    expect(outcomes(answer)).toEqual(['added', 'already', 'noConsent', 'unknown', 'otherEvent', 'invalid']);
    expect(answer.json.results[0].result.lead).toMatchObject({ role: fresh.kind, note: '', rating: null });
    // the same batch sent again (its answer lost): the same answers, one lead
    const replay = await space('POST', '/scans', { scans: [first] });
    expect(outcomes(replay)).toEqual(['added']);
    const after = (await space('GET', '/space')).json.leads;
    expect(after).toHaveLength(leads.length + 1);
    const table = await call(own, 'GET', `/events/${eventId}/leads/exhibitors`);
    expect(table.json.data.find((r: { registrationId: number }) => r.registrationId === standId).leads).toBe(
      leads.length + 1,
    );
  });

  it('keeps the first scan by time when two phones, offline, scanned one visitor', async () => {
    const confirmed = await registrations('status=confirmed');
    const leads = (await space('GET', '/space')).json.leads as { lastName: string }[];
    const visitor = confirmed.find(
      (r) =>
        r.data.shareWithExhibitors === true &&
        r.id !== standId &&
        !leads.some((l) => l.lastName === r.lastName),
    );
    if (!visitor) throw new Error('the demo fair has no consenting visitor left to scan');
    const code = token(eventId, visitor.id);
    const late = await space('POST', '/scans', { scans: [scan(code, 'Thomas', at(80))] });
    expect(outcomes(late)).toEqual(['added']);
    const early = await space('POST', '/scans', { scans: [scan(code, 'Julie', at(74))] });
    expect(early.json.results[0].result).toMatchObject({
      outcome: 'already',
      lead: { scannedAt: at(74), scannedBy: 'Julie' },
    });
  });

  it('saves a note and a rating, refuses a bad one with its message, and deletes a lead', async () => {
    const [lead] = (await space('GET', '/space')).json.leads as { id: number }[];
    const saved = await space('PUT', `/leads/${lead?.id}`, { note: '  Rappeler lundi  ', rating: 4 });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ note: 'Rappeler lundi', rating: 4 });
    const bad = await space('PUT', `/leads/${lead?.id}`, { note: 'x'.repeat(2001), rating: 6 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.details.fieldErrors).sort()).toEqual(['note', 'rating']);
    expect((await space('GET', '/space')).json.leads[0]).toMatchObject({ note: 'Rappeler lundi' });
    expect((await space('DELETE', `/leads/${lead?.id}`)).status).toBe(204);
    expect((await space('DELETE', `/leads/${lead?.id}`)).status).toBe(404);
    expect((await space('GET', '/space')).json.leads.some((l: { id: number }) => l.id === lead?.id)).toBe(
      false,
    );
  });
});

describe("a visitor's rights", () => {
  it('their export lists the stands that scanned them; their erasure deletes those leads', async () => {
    const leads = (await space('GET', '/space')).json.leads as { id: number; lastName: string }[];
    const confirmed = await registrations('status=confirmed');
    const person = confirmed.find((r) => leads.some((l) => l.lastName === r.lastName)) as Row;
    const exported = await fetch(
      `${bff.url}/api/events/${eventId}/registrations/${person.id}/personal-data/export`,
      { method: 'POST', headers: { cookie: own, ...CSRF } },
    );
    expect(exported.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const data = personalDataExport.parse(JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8')));
    expect(data.leads).toEqual([expect.objectContaining({ exhibitor: 'Lumen Optique' })]);
    expect(Buffer.from(zip['personal-data.html'] ?? []).toString('utf8')).toContain('Lumen Optique');

    const erased = await call(own, 'DELETE', `/events/${eventId}/registrations/${person.id}/personal-data`);
    expect(erased.status).toBe(200);
    const after = (await space('GET', '/space')).json.leads as { id: number }[];
    expect(after).toHaveLength(leads.length - 1);
    // a scan of the erased person's badge finds nobody
    expect(outcomes(await space('POST', '/scans', { scans: [scan(token(eventId, person.id))] }))).toEqual([
      'unknown',
    ]);
  });
});

describe('a visitor who leaves', () => {
  it("is no longer in the stand's list, nor in the organiser's count of its leads", async () => {
    const leads = (await space('GET', '/space')).json.leads as { lastName: string }[];
    const confirmed = await registrations('status=confirmed');
    const person = confirmed.find((r) => leads.some((l) => l.lastName === r.lastName)) as Row;
    const cancelled = await call(own, 'POST', `/events/${eventId}/registrations/${person.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await space('GET', '/space')).json.leads).toHaveLength(leads.length - 1);
    const table = await call(own, 'GET', `/events/${eventId}/leads/exhibitors`);
    expect(table.json.data.find((r: { registrationId: number }) => r.registrationId === standId).leads).toBe(
      leads.length - 1,
    );
  });
});

describe('closing the links', () => {
  it('stops every link of the stand at once; its leads stay for the organiser', async () => {
    const revoked = await call(own, 'DELETE', `/events/${eventId}/leads/exhibitors/${standId}/link`);
    expect(revoked.status).toBe(204);
    expect((await space('GET', '/space')).status).toBe(404);
    expect((await space('POST', '/scans', { scans: [scan('EVB1')] })).status).toBe(404);
    const table = await call(own, 'GET', `/events/${eventId}/leads/exhibitors`);
    expect(
      table.json.data.find((r: { registrationId: number }) => r.registrationId === standId),
    ).toMatchObject({
      liveLinks: 0,
      leads: expect.any(Number),
    });
  });
});
