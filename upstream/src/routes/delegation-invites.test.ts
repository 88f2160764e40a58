import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

let up: TestUpstream;
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };

type Mail = Awaited<ReturnType<TestUpstream['outbox']>>[number] & { html: string };

beforeAll(async () => {
  up = await startTestUpstream();
  const event = (await (await up.call('/public/events/sii-2027', { headers: SERVICE })).json()) as {
    id: number;
  };
  for (const [kind, title] of [
    ['delegation', 'Délégations'],
    ['membre_delegation', 'Membres'],
  ])
    await up.call(`/webhook/event-forms?eventId=${event.id}`, {
      method: 'POST',
      headers: SERVICE,
      json: { kind, title, open: true },
    });
});
afterAll(() => up?.close());

const register = (locale: string, data: Record<string, unknown>) =>
  up.call('/public/events/sii-2027/registrations/delegation', {
    method: 'POST',
    headers: SERVICE,
    json: { locale, data, confirmUrl: 'https://events.example.org/jp/public/confirm' },
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
});
