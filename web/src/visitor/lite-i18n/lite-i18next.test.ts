// @vitest-environment node
// The visitor's build hydrates what i18next drew on the server with ./i18next: every message of the three
// languages must come out the same from both, with the options the pages pass.
import fc from 'fast-check';
import realI18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import fr from '../../../../locales/fr.json';
import ja from '../../../../locales/ja.json';
import { I18N_OPTIONS } from '../../lib/i18n/i18n';
import lite from './i18next';

type Messages = Record<string, unknown>;
const LOCALES = { fr, en, ja } as Record<string, Messages>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Messages, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

async function pair(resources: Record<string, Messages>, language: string) {
  const real = realI18next.createInstance();
  await real.init({ ...I18N_OPTIONS, lng: language, resources: {} });
  const mine = lite.createInstance();
  await mine.init({ lng: language, resources: {} });
  for (const [code, messages] of Object.entries(resources)) {
    real.addResourceBundle(code, 'translation', messages, true, true);
    mine.addResourceBundle(code, 'translation', messages);
  }
  return { real, mine };
}

/** A value for each `{{name}}` of a message: an enum's first code where the name picks one (`$t(enums.x.{{name}})`). */
function valuesFor(message: string, messages: Messages): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [, raw] of message.matchAll(/{{-?(.+?)}}/g)) {
    const name = (raw ?? '').trim();
    const group = message.match(new RegExp(`\\$t\\(([\\w.]+)\\.{{${name}}}\\)`))?.[1];
    const options = group
      ? group.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages)
      : undefined;
    values[name] = options && typeof options === 'object' ? Object.keys(options)[0] : `Ada ${name}`;
  }
  return values;
}

describe('the visitor build’s i18next', () => {
  for (const [language, messages] of Object.entries(LOCALES)) {
    it(`prints every ${language} message as i18next does`, async () => {
      const { real, mine } = await pair({ [language]: messages }, language);
      const all = leaves(messages);
      expect(all.length).toBeGreaterThan(500);
      const tried = new Set<string>();
      for (const [key, message] of all) {
        const base = key.replace(PLURAL, '');
        const values = valuesFor(message, messages);
        const variants: Record<string, unknown>[] = [{}, values, { ...values, defaultValue: 'fallback' }];
        if (base !== key && !tried.has(base)) {
          tried.add(base);
          for (const count of [0, 1, 2, 5, 21, 1.5]) variants.push({ ...values, count });
        }
        const firstName = Object.keys(values)[0];
        if (firstName) variants.push({ ...values, [firstName]: undefined }, { ...values, [firstName]: 3 });
        for (const options of variants) {
          for (const asked of base === key ? [key] : [key, base]) {
            const expected = real.t(asked as never, options as never) as unknown as string;
            expect(mine.t(asked, options), `${language} ${asked} ${JSON.stringify(options)}`).toBe(expected);
          }
        }
        expect(mine.exists(key)).toBe(real.exists(key));
      }
    });
  }

  it('answers a missing key, an object and another language as i18next does', async () => {
    const { real, mine } = await pair({ fr, en }, 'en');
    for (const key of ['nope.missing', 'common', 'enums', '']) {
      expect(mine.t(key)).toBe(real.t(key as never));
      expect(mine.t(key, { defaultValue: 'D' })).toBe(real.t(key as never, { defaultValue: 'D' } as never));
      expect(mine.exists(key)).toBe(real.exists(key));
    }
    await Promise.all([real.changeLanguage('fr'), mine.changeLanguage('fr')]);
    const [key] = leaves(fr)[0] ?? [''];
    expect(mine.t(key)).toBe(real.t(key as never));
  });

  it('interpolates and nests any template as i18next does', async () => {
    const fragment = fc.constantFrom(
      'Hello ',
      '{{name}}',
      '{{ name }}',
      '{{-name}}',
      '{{missing}}',
      '{{deep.value}}',
      '$t(common.x)',
      '$t(t.{{code}})',
      '$t(t.a, {"count": 2})',
      '$t(t.a, { "name": "{{name}}" })',
      '{{count}}',
      ' and ',
      '(',
      ')',
      '$t(',
      '{{',
      '}}',
    );
    const { real, mine } = await pair({}, 'en');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fragment, { maxLength: 8 }),
        fc.record({
          name: fc.oneof(fc.string({ maxLength: 6 }), fc.constant('$t(t.a)'), fc.constant('{{code}}')),
          code: fc.constantFrom('a', 'b', 'zz'),
          deep: fc.constant({ value: 'V' }),
          count: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
        }),
        async (parts, values) => {
          const messages = {
            common: { x: 'X!', msg: parts.join('') },
            t: { a: 'A {{name}}', a_one: 'one A', a_other: '{{count}} As', b: 'B' },
          };
          real.addResourceBundle('en', 'translation', messages, true, true);
          mine.addResourceBundle('en', 'translation', messages);
          const options = values.count === undefined ? { ...values, count: undefined } : values;
          const { count: _count, ...withoutCount } = options;
          for (const asked of [options, withoutCount])
            expect(mine.t('common.msg', asked)).toBe(real.t('common.msg' as never, asked as never));
        },
      ),
      { numRuns: 400 },
    );
  });
});
