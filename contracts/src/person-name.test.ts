import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('a person’s name in a language', () => {
  it('puts the family name first in Japanese and last in French and English', () => {
    const yui = { firstNames: 'Yui', lastName: 'Sato' };
    expect(personName(yui, 'ja')).toBe('Sato Yui');
    expect(personName(yui, 'fr')).toBe('Yui Sato');
    expect(personName(yui, 'en')).toBe('Yui Sato');
  });

  it('writes one part alone without stray spaces', () => {
    expect(personName({ firstNames: '', lastName: ' Acme ' }, 'ja')).toBe('Acme');
    expect(personName({ firstNames: '', lastName: '' }, 'fr')).toBe('');
  });
});
