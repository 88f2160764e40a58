import { visitorPageOf } from '@evt/contracts/visitor-pages';
import { describe, expect, it } from 'vitest';
import { renderMailing } from './render';

const event = {
  id: 12,
  name: 'Salon',
  languages: ['fr', 'en', 'ja'],
  translations: { ja: { name: '見本市' } },
};
const to = (locale: 'fr' | 'en' | 'ja') => ({
  email: 'a@b.test',
  firstName: 'Aiko',
  lastName: 'Sato',
  locale,
});
const links = { publicUrl: 'https://salon.example', unsubscribe: 'https://salon.example/unsubscribe/1.x' };

describe('a mailing rendered for one recipient', () => {
  it('links {{eventLink}} to the event’s public page in the mail’s language', () => {
    const mail = renderMailing(
      { ja: { subject: '{{event}}', body: 'ご案内: {{eventLink}}' }, fr: { subject: 's', body: 'b' } },
      event,
      to('ja'),
      links,
    );
    const link = /https:\S+/.exec(mail.text)?.[0] ?? '';
    expect(link).toBe('https://salon.example/jp/events/12');
    expect(visitorPageOf(new URL(link).pathname)?.visitor).toEqual({ page: 'event', slug: '12' });
    expect(mail.subject).toBe('見本市');
  });

  it('leaves a sentence’s closing punctuation outside the link', () => {
    const mail = renderMailing(
      {
        en: {
          subject: 's',
          body: 'See {{eventLink}}. Or (https://salon.example/a?b=1), or https://salon.example/c!\nこちら:https://salon.example/d。',
        },
      },
      event,
      to('en'),
      links,
    );
    const hrefs = [...mail.html.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      'https://salon.example/en/events/12',
      'https://salon.example/a?b=1',
      'https://salon.example/c',
      'https://salon.example/d',
    ]);
    expect(mail.html).toContain('/events/12</a>. Or (<a');
    expect(mail.html).toContain('b=1</a>), or');
    expect(mail.html).toContain('/d</a>。');
  });

  it('writes to a recipient in the event’s main language when theirs is not written', () => {
    const mail = renderMailing(
      { fr: { subject: 'Bonjour {{firstName}}', body: '{{eventLink}}' }, ja: { subject: 'ja', body: 'ja' } },
      event,
      to('en'),
      links,
    );
    expect(mail).toMatchObject({
      locale: 'fr',
      subject: 'Bonjour Aiko',
      text: 'https://salon.example/events/12',
    });
  });
});
