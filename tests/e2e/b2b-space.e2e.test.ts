import { randomBytes } from 'node:crypto';
import { form as b2bForm } from '@evt/contracts/forms/b2b';
import type { Locale } from '@evt/contracts/locale';
import { DEMO_B2B_KEY } from '@evt/upstream/seed/demo-b2b';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fillFormField, organiserCookie, publicFormsOf, setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { registerAccount, signIn } from './support/flows';
import { confirmLinkFor, mailedLink } from './support/outbox';
import { useBrowserSuite } from './support/suite';

/**
 * A company registers on the B2B form (4 steps), confirms from the outbox,
 * opens its private space from the personal link it is then mailed, finds a company in the directory,
 * reads why it matches and asks it for a meeting; that company accepts from its own space (the demo
 * company whose link is published with the demo data). The Lyon forum holds the demo programme.
 */
const suite = useBrowserSuite();
const SLUG = 'forum-b2b-lyon';
const run = randomBytes(3).toString('hex');
const TARGET = 'Atlas Industries';
let demoLink: string;
/** the company registered by the first test: its id, and the address it registered with */
let mineCode = 0;
/** its space's path (the personal link) */
let minePath = '';
const email = `e2e-b2b-space-${run}@example.org`;
const EDITED = `We now also repair industrial equipment, ${run}, across West Africa and the Maghreb.`;

const COMPANY: Record<string, string | string[] | boolean> = {
  companyName: `Sahel Distribution ${run}`,
  profileType: 'buyer',
  fullName: 'Awa Ndiaye',
  position: 'sales_director',
  dialCode: '+221',
  phone: '771234567',
  // typed as people write it: read as 85, an SME
  employees: '85',
  annualRevenue: '2m_10m',
  certifications: ['iso_9001', 'other'],
  otherCertification: `Qualiopi ${run}`,
  websiteUrl: 'https://sahel.example',
  address: 'Dakar',
  businessSectors: ['industry_manufacturing'],
  companyDescription: 'We distribute industrial equipment across West Africa and the Maghreb.',
  skills: 'Distribution, after-sales service',
  offerType: 'b2b_services',
  targetMarket: 'Europe',
  needType: 'suppliers',
  needUrgency: 'immediate',
  targetedPartnerType: 'suppliers',
  participationFormat: 'hybrid',
  timeSlots: ['full_day'],
  // found by the other companies: it agrees to be in the directory
  listedInDirectory: true,
  privacyConsent: true,
};

beforeAll(async () => {
  await setEventForms(suite.baseUrl, SLUG, [{ kind: 'b2b', open: true }]);
  // the first demo company (its key is published with the demo data), found as the organiser finds it
  const { event } = await publicFormsOf(suite.baseUrl, SLUG);
  const cookie = await organiserCookie(suite.baseUrl);
  const res = await fetch(
    `${suite.baseUrl}/api/events/${event.id}/registrations?kind=b2b&q=${encodeURIComponent(TARGET)}`,
    { headers: { cookie } },
  );
  const ids = ((await res.json()) as { data: { id: number }[] }).data.map((r) => r.id);
  demoLink = `/events-${SLUG}/b2b-${Math.min(...ids)}-${DEMO_B2B_KEY}`;
  expect(demoLink).toBeTruthy();
});

describe('B2B: a company registers, finds another and asks for a meeting', () => {
  it('registers in 4 steps, confirms, opens its space by the mailed link and requests a meeting (fr)', async () => {
    const locale: Locale = 'fr';
    const { context, page } = await suite.open('fr-FR');
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(localised(locale, `/events-${SLUG}/b2b`));
    for (const [index, step] of b2bForm.steps.entries()) {
      await page
        .getByRole('heading', { level: 2, name: exact(t(locale, `forms.steps.${step.id}`)) })
        .waitFor();
      for (const name of step.fields) {
        const value =
          name === 'email'
            ? email
            : name === 'availabilityStart' || name === 'availabilityEnd'
              ? today
              : COMPANY[name];
        if (value !== undefined) await fillFormField(page, name, value);
      }
      const last = index === b2bForm.steps.length - 1;
      await page
        .getByRole('button', { name: exact(t(locale, last ? 'forms.common.submit' : 'forms.common.next')) })
        .click();
    }
    await page.waitForURL((url) => url.pathname === `/events-${SLUG}/submitted/b2b`, { timeout: 20_000 });

    // confirmed from the outbox: the personal link follows by mail
    const confirm = new URL(await confirmLinkFor(suite.baseUrl, email));
    await page.goto(`${confirm.pathname}${confirm.search}`);
    await page.waitForURL((url) => url.pathname === '/events/result-page/success');
    const space = new URL(await mailedLink(suite.baseUrl, email, (href) => href.includes('/b2b-')));
    // the key travels in the fragment only, and leaves the address once the page has it
    expect(space.pathname).toMatch(/\/b2b-\d+$/);
    expect(space.hash).toMatch(/^#key=[0-9a-f]{48}$/);
    await page.goto(`${space.pathname}${space.hash}`);
    await page
      .getByRole('heading', {
        level: 1,
        name: exact(t(locale, 'b2b.space.title', { company: String(COMPANY.companyName) })),
      })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(new URL(page.url()).hash).toBe('');

    // the directory: search, then a filter
    await page.getByRole('link', { name: exact(t(locale, 'b2b.space.tabs.directory')) }).click();
    await page.getByLabel(t(locale, 'b2b.space.directory.search')).fill(TARGET);
    await page.getByLabel(t(locale, 'b2b.space.directory.profileType')).selectOption('buyer');
    await page.getByRole('link', { name: exact(TARGET) }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: exact(TARGET) }).click();
    // the match profile: banner, why it matched, details, contact
    await page.getByRole('heading', { level: 2, name: exact(TARGET) }).waitFor();
    await page.getByRole('heading', { level: 3, name: exact(t(locale, 'b2b.space.profile.why')) }).waitFor();
    expect(await page.locator('.b2b-reasons li').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel(t(locale, 'b2b.space.profile.message')).fill('Bonjour, rencontrons-nous au forum.');
    await page.getByRole('button', { name: exact(t(locale, 'b2b.space.profile.request')) }).click();
    await page.getByText(t(locale, 'b2b.space.profile.sent')).waitFor();
    // the request is listed among those sent
    await page.goto(`${space.pathname}?view=requests`);
    await page.getByText(TARGET).first().waitFor();

    // its own match profile, edited until the freeze (once here; the other company sees it below)
    mineCode = Number(/\/b2b-(\d+)$/.exec(space.pathname)?.[1]);
    // its personal link in the form an older mail carries (the key in the path), which still opens
    minePath = `${space.pathname.replace(/^\/(fr|en|ja)(?=\/)/, '')}-${new URLSearchParams(space.hash.slice(1)).get('key')}`;
    await page.goto(`${space.pathname}?view=profile`);
    const description = page.getByLabel(t(locale, 'forms.fields.companyDescription.label'));
    await description.fill(EDITED);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: exact(t(locale, 'b2b.space.profileEdit.save')) }).click();
    await page.getByText(t(locale, 'b2b.space.profileEdit.saved')).waitFor();
    await page.reload();
    await page.getByLabel(t(locale, 'forms.fields.companyDescription.label')).waitFor();
    expect(await page.getByLabel(t(locale, 'forms.fields.companyDescription.label')).inputValue()).toBe(
      EDITED,
    );
    await context.close();
  }, 180_000);

  it('the other company accepts from its own space (en), axe clean', async () => {
    const locale: Locale = 'en';
    const { context, page } = await suite.open('en-GB');
    await page.goto(`${localised(locale, demoLink)}?view=requests`);
    const accept = page.getByRole('button', {
      name: exact(t(locale, 'b2b.space.requests.accept', { company: String(COMPANY.companyName) })),
    });
    await accept.waitFor();
    await expectNoSeriousA11yViolations(page);
    await accept.click();
    await page.getByText(t(locale, 'b2b.space.requests.status.accepted')).first().waitFor();
    // found in the directory by its certification and revenue band, with them on its card
    await page.goto(`${localised(locale, demoLink)}?view=directory`);
    await page.getByLabel(t(locale, 'b2b.space.directory.search')).fill(String(COMPANY.companyName));
    await page.getByLabel(t(locale, 'b2b.space.directory.certification')).selectOption('iso_9001');
    await page.getByLabel(t(locale, 'b2b.space.directory.revenue')).selectOption('2m_10m');
    const card = page.locator('.b2b-card', {
      has: page.getByRole('link', { name: exact(String(COMPANY.companyName)) }),
    });
    await card
      .getByText(
        [
          t(locale, 'b2b.space.employees_other', { formatted: '85' }),
          t(locale, 'enums.revenueBands.2m_10m'),
          `${t(locale, 'enums.certifications.iso_9001')}, ${t(locale, 'enums.certifications.other')}`,
        ].join(' · '),
      )
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    // none of another band
    await page.getByLabel(t(locale, 'b2b.space.directory.revenue')).selectOption('over_250m');
    await page.getByText(exact(t(locale, 'b2b.space.directory.results_other', { count: 0 }))).waitFor();
    // the profile the first company edited is the one others read, with its employees, revenue and certifications
    await page.goto(`${localised(locale, demoLink)}?company=${mineCode}`);
    await page.getByText(EDITED).waitFor();
    const details = page.locator('.b2b-details');
    await details.getByText(exact(`85 (${t(locale, 'enums.companySizes.sme')})`)).waitFor();
    await details.getByText(exact(t(locale, 'enums.revenueBands.2m_10m'))).waitFor();
    await details
      .getByText(exact(`${t(locale, 'enums.certifications.iso_9001')}, ${COMPANY.otherCertification}`))
      .waitFor();
    await context.close();
  }, 60_000);

  it('marks its sent request must-meet from the keyboard, and the mark stays (ja), axe clean', async () => {
    const locale: Locale = 'ja';
    const { context, page } = await suite.open('ja-JP');
    await page.goto(`${localised(locale, minePath)}?view=requests`);
    const toggle = page.getByRole('checkbox', {
      name: exact(t(locale, 'b2b.space.requests.mustMeetOn', { company: TARGET })),
    });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await page.getByText(t(locale, 'b2b.space.requests.mustMeetHint', { max: 3 })).waitFor();
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText(t(locale, 'b2b.space.requests.mustMeetUsed', { used: 1, max: 3 })).waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await context.close();
  }, 60_000);

  it('/profile/b2b: the account of the same verified address sees its company and opens its space (en)', async () => {
    const locale: Locale = 'en';
    const { context, page } = await suite.open('en-GB');
    const credentials = await registerAccount(page, suite.baseUrl, email);
    await signIn(page, locale, { credentials });
    await page.goto(localised(locale, '/profile/b2b'));
    const company = String(COMPANY.companyName);
    await page
      .getByRole('heading', {
        level: 2,
        // the event's English name (upstream/src/seed/demo.ts) on an English page
        name: exact(t(locale, 'b2b.ownProfile.companyAt', { company, event: 'Lyon Innovation B2B Forum' })),
      })
      .waitFor();
    await page.getByText(EDITED).waitFor();
    await expectNoSeriousA11yViolations(page);
    // the page holds no personal link: the BFF redirects with a key of its own
    expect(await page.locator('a[href*="/b2b-"]').count()).toBe(0);
    await page.getByRole('link', { name: exact(t(locale, 'b2b.ownProfile.open')) }).click();
    await page
      .getByRole('heading', { level: 1, name: exact(t(locale, 'b2b.space.title', { company })) })
      .waitFor();
    await context.close();
  }, 90_000);

  it('a foreign or made-up link shows the page that sends the link again (ja), axe clean', async () => {
    const locale: Locale = 'ja';
    const { context, page } = await suite.open('ja-JP');
    await page.goto(localised(locale, `/events-sii-2027${demoLink.slice(`/events-${SLUG}`.length)}`));
    await page.getByRole('heading', { level: 1, name: exact(t(locale, 'b2b.space.link.title')) }).waitFor();
    await page.getByText(t(locale, 'b2b.errors.linkUnknown')).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: exact(t(locale, 'b2b.space.link.send')) }).click();
    await page.getByText(t(locale, 'b2b.space.link.sent')).waitFor();
    await context.close();
  }, 60_000);
});
