import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  choices,
  description,
  dialCode,
  email,
  fieldErrors,
  id,
  msg,
  optionalText,
  password,
  requiredText,
} from './validation';
import { phoneDigits } from './forms/fields';

/** The message keys a schema answers with for a value (empty when it accepts it). */
function keysFor(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('validation helpers answer with i18n keys', () => {
  it('requiredText', () => {
    expect(keysFor(requiredText(), '')).toEqual([msg.required]);
    expect(keysFor(requiredText(), '   ')).toEqual([msg.required]);
    expect(keysFor(requiredText(5), 'abcdef')).toEqual([msg.tooLong]);
    expect(keysFor(requiredText(), 42)).toEqual([msg.invalidInput]);
    expect(requiredText().parse('  Salon  ')).toBe('Salon');
  });

  it('optionalText', () => {
    expect(optionalText().parse(undefined)).toBe('');
    expect(keysFor(optionalText(3), 'abcd')).toEqual([msg.tooLong]);
    expect(keysFor(optionalText(), {})).toEqual([msg.invalidInput]);
  });

  it('email', () => {
    expect(keysFor(email(), '')).toEqual([msg.required]);
    expect(keysFor(email(), 'not-an-email')).toEqual([msg.email]);
    expect(keysFor(email(), 'a@b')).toEqual([msg.email]);
    expect(keysFor(email(), `${'a'.repeat(250)}@example.com`)).toContain(msg.email);
    expect(keysFor(email(), null)).toEqual([msg.invalidInput]);
    expect(email().parse(' Demo@Example.COM ')).toBe('demo@example.com');
  });

  it('phoneDigits', () => {
    expect(keysFor(phoneDigits(), '')[0]).toBe(msg.required);
    expect(keysFor(phoneDigits(), '06a12')).toEqual([msg.phoneDigits]);
    expect(keysFor(phoneDigits(), '1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6')).toEqual([msg.phoneDigits]);
    // what is stored is digits: the separators people type are dropped, and the result parses to itself
    for (const typed of ['06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78', ' 06 - 12\u00a034 ']) {
      const stored = phoneDigits().parse(typed);
      expect(stored).toMatch(/^[0-9]+$/);
      expect(phoneDigits().parse(stored)).toBe(stored);
    }
    expect(phoneDigits().parse('555-0100')).toBe('5550100');
    // the international form people copy from a card: its dial code (the separate field) and brackets go
    expect(phoneDigits().parse('+33 6 12 34 56 78')).toBe('612345678');
    expect(phoneDigits().parse('+33 (0)6 12 34 56 78')).toBe('0612345678');
    expect(phoneDigits().parse('+1 (555) 010-0100')).toBe('5550100100');
    expect(phoneDigits().parse('(555) 010-0100')).toBe('5550100100');
    expect(keysFor(phoneDigits(), '+999 612')).toEqual([msg.phoneDigits]);
    expect(keysFor(phoneDigits(), '06/12')).toEqual([msg.phoneDigits]);
    expect(keysFor(phoneDigits(), '1'.repeat(16))).toEqual([msg.phoneDigits]);
    expect(phoneDigits().parse('0612345678')).toBe('0612345678');
  });

  it('dialCode', () => {
    expect(keysFor(dialCode(), '')).toEqual([msg.countryCode]);
    expect(keysFor(dialCode(), '33')).toEqual([msg.countryCode]);
    expect(keysFor(dialCode(), '+12345')).toEqual([msg.countryCode]);
    expect(dialCode().parse('+33')).toBe('+33');
  });

  it('description (30 to 250 characters)', () => {
    expect(keysFor(description(), '')).toContain(msg.required);
    expect(keysFor(description(), 'a'.repeat(29))).toEqual([msg.descriptionTooShort]);
    expect(keysFor(description(), 'a'.repeat(251))).toEqual([msg.descriptionTooLong]);
    expect(keysFor(description(), 'a'.repeat(30))).toEqual([]);
    expect(keysFor(description(), 'a'.repeat(250))).toEqual([]);
  });

  it('password', () => {
    expect(keysFor(password(), '')).toContain(msg.required);
    expect(keysFor(password(), 'short')).toEqual([msg.passwordTooShort]);
    expect(keysFor(password(), 'a'.repeat(129))).toEqual([msg.passwordTooLong]);
    expect(keysFor(password(), 'correct horse')).toEqual([]);
  });

  it('id', () => {
    expect(id().parse('42')).toBe(42);
    for (const bad of ['abc', '0', '-1', '1.5', 2_147_483_648]) {
      expect(keysFor(id(), bad), String(bad)).toEqual([msg.invalidInput]);
    }
    // an id the user chooses says so when nothing was chosen, and stays "invalid" for a wrong value
    for (const none of [undefined, null, '', 0, '0', Number.NaN]) {
      expect(keysFor(id(msg.memberTypeRequired), none), String(none)).toEqual([msg.memberTypeRequired]);
    }
    expect(keysFor(id(msg.memberTypeRequired), -1)).toEqual([msg.invalidInput]);
  });

  it('choices', () => {
    const schema = choices(['morning', 'afternoon'] as const);
    expect(keysFor(schema, [])).toEqual([msg.atLeastOne]);
    expect(keysFor(schema, ['night'])).toEqual([msg.invalidInput]);
    expect(keysFor(schema, 'morning')).toEqual([msg.invalidInput]);
    expect(schema.parse(['morning'])).toEqual(['morning']);
  });

  it('every message key is a validation.* key', () => {
    for (const key of Object.values(msg)) expect(key).toMatch(/^validation\.\w+$/);
  });
});

describe('fieldErrors', () => {
  it('maps issues to dotted field paths with validation keys only', async () => {
    const { z } = await import('zod');
    const schema = z.object({ name: requiredText(), contact: z.object({ phone: phoneDigits() }) });
    const result = schema.safeParse({ name: '', contact: { phone: 'x1' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      name: [msg.required],
      'contact.phone': [msg.phoneDigits],
    });
  });

  it('replaces a non-key message (zod default) with validation.invalidInput', async () => {
    const { z } = await import('zod');
    const result = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ n: [msg.invalidInput] });
  });
});
