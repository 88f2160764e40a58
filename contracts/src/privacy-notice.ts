import { z } from 'zod';
import { privacyMsg } from './feature-messages';
import { optionalUrl } from './forms/fields';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { orgParams } from './organizations';
import { optionalEmail, optionalText } from './validation';

/*
 * Privacy at the point of collection (docs/decisions/data-rights.md, "Privacy notice and consent"): the
 * organiser's privacy notice (a link to its policy and/or a short text per language, and a contact
 * address), shown on every public form beside a required consent box, and the consent recorded with the
 * registration.
 */

/** The longest notice text in one language: a short notice, the policy itself is behind the link. */
export const PRIVACY_TEXT_MAX = 2000;

/** The organisation's notice as stored and shown; empty strings where nothing was set. */
export const privacyNotice = z.object({
  url: z.string(),
  texts: z.object({ fr: z.string(), en: z.string(), ja: z.string() }),
  contactEmail: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNotice>;

export const EMPTY_PRIVACY_NOTICE: PrivacyNotice = {
  url: '',
  texts: { fr: '', en: '', ja: '' },
  contactEmail: '',
};

/** Whether the organiser wrote a notice (a link or a text in some language). */
export const hasNotice = (notice: PrivacyNotice) =>
  notice.url !== '' || LOCALES.some((locale) => notice.texts[locale] !== '');

/**
 * What owners and administrators send: an http(s) link and/or a text in at least one language, with the
 * address people write to about their data; everything empty removes the notice (the forms then show the
 * default sentence).
 */
export const privacyNoticeBody = z
  .object({
    url: optionalUrl(500),
    texts: z.object({
      fr: optionalText(PRIVACY_TEXT_MAX),
      en: optionalText(PRIVACY_TEXT_MAX),
      ja: optionalText(PRIVACY_TEXT_MAX),
    }),
    contactEmail: optionalEmail(),
  })
  .refine((notice) => hasNotice(notice) || notice.contactEmail === '', {
    path: ['url'],
    error: privacyMsg.noticeEmpty,
  })
  .refine((notice) => !hasNotice(notice) || notice.contactEmail !== '', {
    path: ['contactEmail'],
    error: privacyMsg.contactRequired,
  });
export type PrivacyNoticeBody = z.input<typeof privacyNoticeBody>;

/** What a public form shows of the organiser: its name and notice (the event's page answer carries it). */
export const publicPrivacy = z.object({
  organizer: z.string(),
  notice: privacyNotice,
});
export type PublicPrivacy = z.infer<typeof publicPrivacy>;

/**
 * The consent recorded with a registration: when, in which language, the exact wording of the box the
 * visitor ticked, and which notice it pointed to (its link, and a version: a hash of the notice as it
 * read then, `default` for the default sentence).
 */
export const registrationConsent = z.object({
  at: z.string(),
  locale: z.enum(LOCALES),
  wording: z.string(),
  noticeUrl: z.string(),
  noticeVersion: z.string(),
});
export type RegistrationConsent = z.infer<typeof registrationConsent>;

export const privacyNoticeRoutes = {
  getPrivacyNotice: defineRoute({
    method: 'GET',
    path: '/organizations/:id/privacy-notice',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: orgParams,
    responses: { 200: privacyNotice, ...commonErrors },
  }),
  /** owners and administrators, as the organisation's other settings */
  setPrivacyNotice: defineRoute({
    method: 'PUT',
    path: '/organizations/:id/privacy-notice',
    kind: 'proxy',
    auth: 'session',
    role: 'manager',
    params: orgParams,
    body: privacyNoticeBody,
    responses: { 200: privacyNotice, ...commonErrors },
  }),
} as const;
