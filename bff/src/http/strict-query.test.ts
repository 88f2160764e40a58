import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_PARAMETERS, parseStrictQuery, serializeQuery } from './strict-query';

const key = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,10}$/);
const flat = fc.dictionary(key, fc.string({ maxLength: 20 }), { maxKeys: 10 });

describe('parseStrictQuery', () => {
  it('reads back what serializeQuery wrote, whatever the values hold (& = ; % + spaces)', () => {
    fc.assert(
      fc.property(flat, (values) => {
        const parsed = parseStrictQuery(serializeQuery(values));
        expect(parsed).toEqual({ ok: true, query: values });
      }),
    );
  });

  it('refuses any query that names a key twice, however it is spelled', () => {
    fc.assert(
      fc.property(flat, key, fc.string({ maxLength: 5 }), (values, name, value) => {
        const encodedName = `%${name.charCodeAt(0).toString(16)}${name.slice(1)}`;
        const text = `${serializeQuery({ ...values, [name]: 'x' }).slice(1)}&${encodedName}=${encodeURIComponent(value)}`;
        expect(parseStrictQuery(text).ok).toBe(false);
      }),
    );
  });

  it.each([
    ['id[]=1', 'key'],
    ['id[0]=1', 'key'],
    ['a.b=1', 'key'],
    ['__proto__=1', 'key'],
    ['=1', 'key'],
    ['id=1;id=2', 'separator'],
    ['id=%E0%A4%A', 'encoding'],
    [Array.from({ length: MAX_QUERY_PARAMETERS + 1 }, (_, i) => `k${i}=1`).join('&'), 'too-many'],
  ])('refuses %s (%s)', (text, reason) => {
    expect(parseStrictQuery(text)).toEqual({ ok: false, reason });
  });

  it('accepts an empty query, a leading ?, empty pairs and keys without a value', () => {
    expect(parseStrictQuery('')).toEqual({ ok: true, query: {} });
    expect(parseStrictQuery('?a=1&&b')).toEqual({ ok: true, query: { a: '1', b: '' } });
  });
});

describe('serializeQuery', () => {
  it('writes scalars, joins lists with commas and leaves absent values out', () => {
    expect(serializeQuery({ page: 2, kind: ['a', 'b'], q: 'x&y', none: undefined, empty: [] })).toBe(
      '?page=2&kind=a%2Cb&q=x%26y',
    );
    expect(serializeQuery({})).toBe('');
  });
});
