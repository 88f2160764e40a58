import { personalDataExport } from '@evt/contracts/data-rights';
import { privacyNotice } from '@evt/contracts/privacy-notice';
import { publicEventDetails } from '@evt/contracts/public-registrations';
import { registrationRow } from '@evt/contracts/registrations';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ja from '../../../locales/ja.json' with { type: 'json' };
import { participantEntry } from '../../../tests/support/participant-entry.mjs';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { joinAs } from '../test-members';

/** The organisation's privacy notice, and the consent recorded with a public registration. */
let up: TestUpstream;
let camille: string;
let orgId: number;
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };
const SLUG = 'sii-2027';
const NOTICE = {
  url: 'https://salon.example/privacy',
  texts: { fr: 'Vos données servent à votre inscription.', en: '', ja: '登録のために使います。' },
  contactEmail: 'DPO@salon.example',
};

const json = async <T>(res: Response): Promise<T> => {
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const errorsOf = async (res: Response) =>
  ((await res.json()) as { error: { details?: { fieldErrors?: Record<string, string[]> } } }).error.details
    ?.fieldErrors;

beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  orgId = (await json<{ data: { id: number }[] }>(await up.call('/organizations', { token: camille })))
    .data[0]?.id as number;
});
afterAll(() => up?.close());

const noticeUrl = () => `/organizations/${orgId}/privacy-notice`;
const setNotice = (token: string, body: unknown) =>
  up.call(noticeUrl(), { method: 'PUT', token, json: body });

describe("the organisation's privacy notice", () => {
  it('is read by members and set by owners and administrators only', async () => {
    const member = await joinAs(up, camille, orgId, 'member', 'member-privacy@example.com');
    const admin = await joinAs(up, camille, orgId, 'admin', 'admin-privacy@example.com');
    const outsider = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
    expect((await setNotice(member, NOTICE)).status).toBe(403);
    expect((await setNotice(outsider, NOTICE)).status).toBeGreaterThanOrEqual(403);
    expect((await up.call(noticeUrl(), { token: outsider })).status).toBeGreaterThanOrEqual(403);

    const saved = privacyNotice.parse(await json(await setNotice(admin, NOTICE)));
    expect(saved).toEqual({ ...NOTICE, contactEmail: 'dpo@salon.example' });
    expect(privacyNotice.parse(await json(await up.call(noticeUrl(), { token: member })))).toEqual(saved);
  });

  it('refuses a link that is not http(s), a contact without a notice and a notice without a contact', async () => {
    const bad = await setNotice(camille, { ...NOTICE, url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toEqual({ url: ['validation.url'] });
    const empty = { url: '', texts: { fr: '', en: '', ja: '' } };
    const contactOnly = await setNotice(camille, { ...empty, contactEmail: 'dpo@salon.example' });
    expect(await errorsOf(contactOnly)).toEqual({ url: ['privacy.validation.noticeEmpty'] });
    const noContact = await setNotice(camille, { ...NOTICE, contactEmail: '' });
    expect(await errorsOf(noContact)).toEqual({ contactEmail: ['privacy.validation.contactRequired'] });
  });
});

describe('the consent given with a registration', () => {
  it('is shown with the notice on the form, required, and stored with its time, wording and notice', async () => {
    await json(await setNotice(camille, NOTICE));
    const event = publicEventDetails.parse(
      await json(await up.call(`/public/events/${SLUG}`, { headers: SERVICE })),
    );
    expect(event.privacy).toEqual({
      organizer: "Salon International de l'Innovation",
      notice: { ...NOTICE, contactEmail: 'dpo@salon.example' },
    });

    const register = (data: Record<string, unknown>) =>
      up.call(`/public/events/${SLUG}/registrations/participant`, {
        method: 'POST',
        headers: SERVICE,
        json: { locale: 'ja', data, confirmUrl: 'https://events.example.org/public/registrations/confirm' },
      });
    const { privacyConsent: _given, ...withoutConsent } = participantEntry('consent@example.org', 'Sato');
    const refused = await register({ ...withoutConsent, privacyConsent: false });
    expect(refused.status).toBe(400);
    expect(await errorsOf(refused)).toEqual({ privacyConsent: ['privacy.validation.consentRequired'] });
    expect((await register(withoutConsent)).status).toBe(400);

    const before = Date.now();
    expect((await register(participantEntry('consent@example.org', 'Sato'))).status).toBe(202);
    const rows = await up.db.query<{ id: number; data: Record<string, unknown> }>(
      `SELECT id, data FROM registrations WHERE email = 'consent@example.org'`,
    );
    const id = Number(rows[0]?.id);
    // recorded beside the answers, not among them
    expect(rows[0]?.data).not.toHaveProperty('privacyConsent');

    const detail = registrationRow.parse(
      await json(await up.call(`/events/${event.id}/registrations/${id}`, { token: camille })),
    );
    expect(detail.consent).toMatchObject({
      locale: 'ja',
      wording: ja.forms.fields.privacyConsent.label,
      noticeUrl: NOTICE.url,
    });
    expect(detail.consent?.noticeVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(Date.parse(detail.consent?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // the person's export carries it
    const zip = await up.call(`/events/${event.id}/registrations/${id}/personal-data/export`, {
      method: 'POST',
      token: camille,
    });
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const exported = personalDataExport.parse(JSON.parse(new TextDecoder().decode(files['data.json'])));
    expect(exported.registration.consent).toEqual(detail.consent);

    // a changed notice is another version; without one, the default sentence's
    await json(
      await setNotice(camille, { ...NOTICE, texts: { ...NOTICE.texts, en: 'Used for your badge.' } }),
    );
    expect((await register(participantEntry('consent2@example.org', 'Ito'))).status).toBe(202);
    await json(await setNotice(camille, { url: '', texts: { fr: '', en: '', ja: '' }, contactEmail: '' }));
    expect((await register(participantEntry('consent3@example.org', 'Abe'))).status).toBe(202);
    const versionOf = async (email: string) =>
      (
        await up.db.query<{ v: string }>(
          'SELECT consent_notice_version AS v FROM registrations WHERE email = $1',
          [email],
        )
      )[0]?.v;
    expect(await versionOf('consent2@example.org')).not.toBe(detail.consent?.noticeVersion);
    expect(await versionOf('consent3@example.org')).toBe('default');
  });
});
