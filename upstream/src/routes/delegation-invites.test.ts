import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER } from '../seed/demo';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

let up: TestUpstream;
let eventId: number;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };

type Mail = Awaited<ReturnType<TestUpstream['outbox']>>[number] & { html: string };

beforeAll(async () => {
  up = await startTestUpstream();
  const event = (await (await up.call('/public/events/sii-2027', { headers: SERVICE })).json()) as {
    id: number;
  };
  eventId = event.id;
  for (const [kind, title] of [
    ['delegation', 'Délégations'],
    ['membre_delegation', 'Membres'],
  ])
    await setForm(kind as string, title as string, true);
});

const setForm = (kind: string, title: string, open: boolean) =>
  up.call(`/webhook/event-forms?eventId=${eventId}`, {
    method: 'POST',
    headers: SERVICE,
    json: { kind, title, open },
  });
afterAll(() => up?.close());

const register = (locale: string, data: Record<string, unknown>) =>
  up.call('/public/events/sii-2027/registrations/delegation', {
    method: 'POST',
    headers: SERVICE,
    json: {
      locale,
      data: { ...data, privacyConsent: true },
      confirmUrl: 'https://events.example.org/jp/public/confirm',
    },
  });

/** The mails to `to`, once `count` of them are there (the invitations leave after the answer). */
async function mailsTo(to: string, count: number): Promise<Mail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = ((await up.outbox()) as Mail[]).filter((m) => m.to === to);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to}`);
}

describe('a delegation registration', () => {
  it('mails each member the member form, in the delegation language, with the typed name escaped', async () => {
    const res = await register('ja', {
      delegationName: 'Sénégal <b>"Team"</b> & co',
      country: 'SN',
      email: 'head@example.sn',
      memberEmails: 'Awa@example.sn, moussa@example.sn',
    });
    expect(res.status).toBe(202);

    for (const to of ['awa@example.sn', 'moussa@example.sn']) {
      const [mail] = await mailsTo(to, 1);
      expect(mail?.subject).toContain('代表団');
      expect(mail?.subject).toContain('Sénégal <b>"Team"</b> & co');
      expect(mail?.links).toContain('https://events.example.org/jp/events-sii-2027/membre_delegation');
      expect(mail?.html).toContain('Sénégal &#60;b&#62;&#34;Team&#34;&#60;/b&#62; &#38; co');
      expect(mail?.html).not.toContain('<b>');
    }
    // the head of delegation gets the confirmation, not an invitation
    const head = await mailsTo('head@example.sn', 1);
    expect(head.map((m) => m.links.join())).not.toContain('membre_delegation');
  });

  it('writes French and English invitations with the unprefixed and /en paths', async () => {
    await register('fr', {
      delegationName: 'Côte d’Ivoire',
      country: 'CI',
      email: 'chef@example.ci',
      memberEmails: 'kouame@example.ci',
    });
    await register('en', {
      delegationName: 'Ghana',
      country: 'GH',
      email: 'lead@example.gh',
      memberEmails: 'kofi@example.gh',
    });
    const [fr] = await mailsTo('kouame@example.ci', 1);
    expect(fr?.subject).toMatch(/^Votre invitation à .+ avec la délégation Côte d’Ivoire$/);
    expect(fr?.links).toContain('https://events.example.org/events-sii-2027/membre_delegation');
    const [en] = await mailsTo('kofi@example.gh', 1);
    expect(en?.subject).toMatch(/^Your invitation to .+ with the delegation Ghana$/);
    expect(en?.links).toContain('https://events.example.org/en/events-sii-2027/membre_delegation');
  });

  it('invites once: submitting the same delegation again only resends the confirmation', async () => {
    const data = {
      delegationName: 'Mali',
      country: 'ML',
      email: 'chef@example.ml',
      memberEmails: 'fatou@example.ml',
    };
    await register('fr', data);
    await mailsTo('fatou@example.ml', 1);
    expect((await register('fr', data)).status).toBe(202);
    await mailsTo('chef@example.ml', 2);
    expect(((await up.outbox()) as Mail[]).filter((m) => m.to === 'fatou@example.ml')).toHaveLength(1);
  });

  it('tells the head of delegation, in their language, instead of mailing members a closed form', async () => {
    await setForm('membre_delegation', 'Membres', false);
    try {
      await register('ja', {
        delegationName: 'Togo',
        country: 'TG',
        email: 'chef@example.tg',
        memberEmails: 'ama@example.tg, kodjo@example.tg',
      });
      const mails = await mailsTo('chef@example.tg', 2);
      const told = mails.find((m) => m.links.some((l) => l.includes('membre_delegation')));
      expect(told?.subject).toContain('Togo');
      expect(told?.subject).toContain('代表団');
      expect(told?.links).toContain('https://events.example.org/jp/events-sii-2027/membre_delegation');
      const outbox = (await up.outbox()) as Mail[];
      expect(outbox.filter((m) => m.to === 'ama@example.tg' || m.to === 'kodjo@example.tg')).toEqual([]);
    } finally {
      await setForm('membre_delegation', 'Membres', true);
    }
  });
});

describe('a delegation and its members', () => {
  async function registerMember(email: string, lastName: string) {
    const form = new FormData();
    form.set('eventSlug', 'sii-2027');
    form.set('kind', 'delegation_member');
    form.set('field', 'passport');
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'passport.png');
    const uploaded = await up.call('/public/uploads', { method: 'POST', headers: SERVICE, body: form });
    const passport = ((await uploaded.json()) as { token: string }).token;
    const res = await up.call('/public/events/sii-2027/registrations/delegation_member', {
      method: 'POST',
      headers: SERVICE,
      json: {
        locale: 'fr',
        confirmUrl: 'https://events.example.org/public/confirm',
        data: {
          lastName,
          firstNames: 'Awa',
          email,
          dialCode: '+221',
          phone: '771234567',
          position: 'Conseillère',
          participantType: 'individual',
          organizationName: '',
          sector: 'public_service_government',
          motivation: '',
          passport,
          otherDocuments: [],
          privacyConsent: true,
        },
      },
    });
    expect(res.status, await res.clone().text()).toBe(202);
  }

  it('links a member to the delegation that listed its address, whichever registered first, both ways', async () => {
    const token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
    const find = async (q: string, kind: string) => {
      const list = (await (
        await up.call(`/events/${eventId}/registrations?kind=${kind}&q=${encodeURIComponent(q)}`, { token })
      ).json()) as { data: { id: number }[] };
      return list.data[0]?.id as number;
    };
    type Detail = {
      delegation?: { id: number; name: string } | null;
      delegationMembers?: { id: number; lastName: string }[];
    };
    const detail = async (id: number) =>
      (await (await up.call(`/events/${eventId}/registrations/${id}`, { token })).json()) as Detail;

    // one member registers before the delegation, one after; a third address is nobody's
    await registerMember('early@example.bf', 'Early');
    await register('fr', {
      delegationName: 'Burkina Faso',
      country: 'BF',
      email: 'chef@example.bf',
      memberEmails: 'Early@example.bf, late@example.bf',
    });
    await registerMember('late@example.bf', 'Late');
    await registerMember('stray@example.bf', 'Stray');

    const delegation = await find('chef@example.bf', 'delegation');
    const early = await find('early@example.bf', 'delegation_member');
    const late = await find('late@example.bf', 'delegation_member');
    const stray = await find('stray@example.bf', 'delegation_member');
    expect((await detail(early)).delegation).toEqual({ id: delegation, name: 'Burkina Faso' });
    expect((await detail(late)).delegation).toEqual({ id: delegation, name: 'Burkina Faso' });
    expect((await detail(stray)).delegation).toBeNull();
    const members = (await detail(delegation)).delegationMembers ?? [];
    expect(members.map((m) => [m.id, m.lastName])).toEqual([
      [early, 'Early'],
      [late, 'Late'],
    ]);
  });
});
