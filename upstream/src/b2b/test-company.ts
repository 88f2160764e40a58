import type { TestUpstream } from '../test-helpers';
import { WEBHOOK_KEY } from '../test-helpers';

/** Helpers of the B2B tests: a company registered and confirmed the way a visitor does, and its space. */
export const SERVICE = { 'x-automation-key': WEBHOOK_KEY };

export const b2bData = (email: string, companyName = 'Agro Sahel Test') => ({
  companyName,
  profileType: 'investor',
  fullName: 'Moussa Diop',
  position: 'ceo',
  email,
  dialCode: '+221',
  phone: '771234567',
  employees: 45,
  annualRevenue: '2m_10m',
  certifications: ['iso_9001', 'haccp'],
  otherCertification: '',
  websiteUrl: '',
  address: 'Dakar',
  businessSectors: ['agriculture_agroindustry'],
  otherSector: '',
  logo: '',
  companyDescription: 'A company that processes and exports agricultural products.',
  skills: 'Processing',
  offerType: 'investment_partnership',
  otherOfferType: '',
  targetMarket: 'Europe',
  needType: 'distributors',
  otherNeedType: '',
  needUrgency: 'immediate',
  targetedPartnerType: 'distributors',
  otherPartnershipType: '',
  specificCriteria: '',
  participationFormat: 'hybrid',
  availabilityStart: '2020-01-01',
  availabilityEnd: '2099-12-31',
  timeSlots: ['full_day'],
  expectations: '',
  listedInDirectory: true,
  privacyConsent: true,
});

export type SpaceWho = { code: number; key: string };

/** One call of the company's space, as the BFF makes it (the link in the body). */
export const spaceCall = (up: TestUpstream, op: string, who: SpaceWho, extra: object, slug: string) =>
  up.call(`/public/b2b/space/${op}`, {
    method: 'POST',
    headers: SERVICE,
    json: { slug, code: who.code, key: who.key, ...extra },
  });

/** The first link of the outbox's mail to `address` that contains `linkPart` (mails are sent after the answer). */
export async function mailTo(
  up: TestUpstream,
  address: string,
  linkPart: string,
  tries = 50,
): Promise<string> {
  for (let i = 0; i < tries; i++) {
    const mail = (await up.outbox()).find(
      (m) => m.to === address && m.links.some((l) => l.includes(linkPart)),
    );
    const link = mail?.links.find((l) => l.includes(linkPart));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address} with ${linkPart}`);
}

/** Registers a company on the event's B2B form, confirms it from the outbox, and answers its mailed link. */
export async function registerCompany(
  up: TestUpstream,
  slug: string,
  email: string,
  companyName?: string,
  locale: 'fr' | 'en' | 'ja' = 'en',
  more: Record<string, unknown> = {},
): Promise<SpaceWho> {
  const res = await up.call(`/public/events/${slug}/registrations/b2b`, {
    method: 'POST',
    headers: SERVICE,
    json: {
      locale,
      data: { ...b2bData(email, companyName), ...more },
      confirmUrl: 'http://visitor.test/public/registrations/confirm',
    },
  });
  if (res.status !== 202) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  const confirm = new URL(await mailTo(up, email, 'token='));
  const confirmed = await up.call('/public/registrations/confirm', {
    method: 'POST',
    headers: SERVICE,
    json: { token: confirm.searchParams.get('token') },
  });
  if (confirmed.status !== 200) throw new Error(`confirm ${email}: ${confirmed.status}`);
  // the personal link comes by mail once confirmed: /en/events-{slug}/b2b-{code}#key={key}
  const link = await mailTo(up, email, '/b2b-');
  const prefix = { fr: '', en: '/en', ja: '/jp' }[locale];
  const m = new RegExp(`^http://visitor\\.test${prefix}/events-${slug}/b2b-(\\d+)#key=([0-9a-f]{48})$`).exec(
    link,
  );
  if (!m) throw new Error(`unexpected link ${link}`);
  return { code: Number(m[1]), key: String(m[2]) };
}
