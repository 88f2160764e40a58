import { describe, expect, it } from 'vitest';
import { organizationBody } from './organizations';
import { fieldErrors, msg } from './validation';

const errorsOf = (input: Record<string, unknown>) => {
  const result = organizationBody.safeParse({ name: 'Salon', ...input });
  return result.success ? {} : fieldErrors(result.error);
};

describe('organizationBody', () => {
  it('refuses an invalid e-mail, letters in the phone, a website that is no address and a country name', () => {
    expect(errorsOf({ email: 'contact@' })).toEqual({ email: [msg.email] });
    expect(errorsOf({ phone: '01 23 ab' })).toEqual({ phone: [msg.phoneDigits] });
    expect(errorsOf({ phone: '33+1' })).toEqual({ phone: [msg.phoneDigits] });
    expect(errorsOf({ website: 'not an address' })).toEqual({ website: [msg.url] });
    expect(errorsOf({ website: 'ftp://files.example.org' })).toEqual({ website: [msg.url] });
    // a name is refused with a message, never cut to "Fr"
    expect(errorsOf({ country: 'France' })).toEqual({ country: [msg.invalidInput] });
    expect(errorsOf({ country: 'ZZ' })).toEqual({ country: [msg.invalidInput] });
  });

  it('stores digits (with an optional +), a lower-cased e-mail, and parses its own output unchanged', () => {
    const once = organizationBody.parse({
      name: ' Salon ',
      email: 'Contact@Example.ORG',
      phone: '+33 1.23-45 67 89',
      website: 'https://example.org',
      country: 'FR',
    });
    expect(once).toEqual({
      name: 'Salon',
      description: '',
      email: 'contact@example.org',
      phone: '+33123456789',
      website: 'https://example.org',
      country: 'FR',
    });
    expect(organizationBody.parse(once)).toEqual(once);
  });

  it('reads a website typed without a scheme as https', () => {
    expect(organizationBody.parse({ name: 'Salon', website: 'www.salon.fr' }).website).toBe(
      'https://www.salon.fr',
    );
    expect(organizationBody.parse({ name: 'Salon', website: 'salon.fr/expo' }).website).toBe(
      'https://salon.fr/expo',
    );
    expect(organizationBody.parse({ name: 'Salon', website: 'http://salon.fr' }).website).toBe(
      'http://salon.fr',
    );
  });

  it('keeps every optional field optional', () => {
    expect(organizationBody.parse({ name: 'Salon', email: '', phone: '', website: '', country: '' })).toEqual(
      {
        name: 'Salon',
        description: '',
        email: '',
        phone: '',
        website: '',
        country: '',
      },
    );
  });
});
