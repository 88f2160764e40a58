import { describe, expect, it } from 'vitest';
import { privacyNoticeBody } from './privacy-notice';
import { fieldErrors } from './validation';

const empty = { url: '', texts: { fr: '', en: '', ja: '' }, contactEmail: '' };
const errorsOf = (value: unknown) => {
  const result = privacyNoticeBody.safeParse(value);
  return result.success ? null : fieldErrors(result.error);
};

describe("the organisation's privacy notice", () => {
  it('takes a link and/or a text in some language, with a contact; everything empty removes it', () => {
    expect(errorsOf(empty)).toBeNull();
    expect(
      errorsOf({ ...empty, url: 'https://salon.example/privacy', contactEmail: 'dpo@salon.example' }),
    ).toBeNull();
    expect(
      errorsOf({ ...empty, texts: { ...empty.texts, ja: '登録のため' }, contactEmail: 'd@s.example' }),
    ).toBeNull();
    // a bare domain is read as https, as the websites are
    expect(
      privacyNoticeBody.parse({ ...empty, url: 'salon.example/p', contactEmail: 'd@s.example' }).url,
    ).toBe('https://salon.example/p');
  });

  it('refuses a link that is not http(s), a contact without a notice, and a notice without a contact', () => {
    for (const url of ['javascript:alert(1)', 'ftp://salon.example/p', 'data:text/html,x'])
      expect(errorsOf({ ...empty, url, contactEmail: 'd@s.example' })).toEqual({ url: ['validation.url'] });
    expect(errorsOf({ ...empty, contactEmail: 'd@s.example' })).toEqual({
      url: ['privacy.validation.noticeEmpty'],
    });
    expect(errorsOf({ ...empty, url: 'https://salon.example/p' })).toEqual({
      contactEmail: ['privacy.validation.contactRequired'],
    });
    expect(errorsOf({ ...empty, url: 'https://s.example', contactEmail: 'not an address' })).toEqual({
      contactEmail: ['validation.email'],
    });
  });
});
