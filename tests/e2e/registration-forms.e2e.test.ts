import { randomBytes } from 'node:crypto';
import { formFor } from '@evt/contracts/forms/registry';
import {
  FORM_SLUGS,
  REGISTRATION_KINDS,
  REGISTRATION_LIST_PAGES,
  type RegistrationKind,
} from '@evt/contracts/forms/kinds';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Locale } from '@evt/contracts/locale';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { optionFor, publicFormsOf, setEventForms } from './support/forms';
import { confirmLinkFor, readOutbox } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const SLUG = 'sii-2027';
const run = randomBytes(3).toString('hex');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Valid entries for every field name of every form (a field absent here is left empty: optional). */
const VALUES: Record<string, string | boolean | string[] | { file: 'png' | 'pdf' }> = {
  lastName: 'Dupont',
  firstNames: 'Marie',
  dialCode: '+33',
  phone: '612345678',
  countryOfResidence: 'FR',
  country: 'SN',
  nationality: 'FR',
  occupation: 'Ingénieure',
  organizationName: 'ACME SARL',
  participantType: 'individual',
  sector: 'tech_innovation',
  telegramNotifications: true,
  companyName: 'ACME SARL',
  manager: 'Jean Martin',
  address: '1 rue de la Paix, Paris',
  structureName: 'ACME SARL',
  representativeName: 'Jean Martin',
  logisticalNeeds: 'Un stand de 9 m² avec électricité.',
  position: 'Directrice',
  mediaOrganization: 'Le Journal',
  agencyName: 'Voyages SA',
  delegationName: 'Délégation du Sénégal',
  memberEmails: 'awa@example.org, moussa@example.org',
  passport: { file: 'pdf' },
  city: 'Paris',
  expectations: 'Visibilité auprès des exposants.',
  partnershipLevel: 'gold',
  partnerType: 'financial',
  partnershipType: 'sponsor',
  fullName: 'Marie Dupont',
  dateOfBirth: '1995-04-12',
  gender: 'female',
  educationLevel: 'Master',
  spokenLanguages: ['fr', 'en'],
  keySkills: 'Accueil, orientation du public.',
  yearsOfExperience: '3_5',
  availableDays: ['monday', 'tuesday'],
  timeSlots: ['morning'],
  cv: { file: 'pdf' },
  idDocument: { file: 'pdf' },
  photo: { file: 'png' },
  consentAccuracy: true,
  consentDataProcessing: true,
  // the privacy consent box every form ends with
  privacyConsent: true,
};

/** What a field takes where a form lists its values rather than asking for text (the sponsor's position). */
const CHOSEN: Record<string, string> = { position: 'ceo' };
/** The entry of a form's field: from VALUES, or CHOSEN where the form lists the values. */
const entryOf = (form: ReturnType<typeof formFor>, name: string) =>
  form.widgets[name as keyof typeof form.widgets]?.type === 'select' && CHOSEN[name] !== undefined
    ? CHOSEN[name]
    : VALUES[name];

/** Every registration kind with its own route (exhibitor_legacy shares `exposant`; b2b: public-event.e2e.test.ts). */
const KINDS: RegistrationKind[] = REGISTRATION_KINDS.filter(
  (kind) => kind !== 'exhibitor_legacy' && kind !== 'b2b',
);

const emailFor = (kind: string, locale: string) => `e2e-${run}-${kind}-${locale}@example.org`;

async function fillField(page: Page, name: string, value: (typeof VALUES)[string]) {
  const field = page.locator(`[name="${name}"]`);
  const first = field.first();
  // one round trip to the page for both (a form fill reads about 400 fields)
  const { tag, type } = await first.evaluate((el) => ({
    tag: el.tagName.toLowerCase(),
    type: el.getAttribute('type'),
  }));
  if (typeof value === 'object' && !Array.isArray(value)) {
    const file =
      value.file === 'png'
        ? { name: 'photo.png', mimeType: 'image/png', buffer: PNG }
        : { name: 'document.pdf', mimeType: 'application/pdf', buffer: PDF };
    await first.setInputFiles(file);
    // the upload is done when the file is listed and the input is gone or enabled again
    await page
      .locator(`[name="${name}"]`)
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    return;
  }
  if (tag === 'select') {
    // country and dial-code options are built when the visitor reaches for the select
    await first.focus();
    await first.selectOption(optionFor(name, String(value)));
  } else if (type === 'radio') await page.locator(`[name="${name}"][value="${value}"]`).check();
  else if (type === 'checkbox' && Array.isArray(value)) {
    for (const item of value) await page.locator(`[name="${name}"][value="${item}"]`).check();
  } else if (type === 'checkbox') await first.setChecked(value === true);
  else await first.fill(String(value));
}

/** Fills and submits a kind's form step by step; returns the submitted page's path. */
async function fillAndSubmit(
  page: Page,
  kind: RegistrationKind,
  locale: Locale,
  options: { axe?: boolean; slug?: string } = {},
) {
  const form = formFor(kind);
  await page.goto(localised(locale, `/events-${options.slug ?? SLUG}/${FORM_SLUGS[kind]}`));
  await page
    .getByRole('heading', { level: 2, name: exact(t(locale, `forms.steps.${form.steps[0]?.id}`)) })
    .waitFor();
  if (options.axe) await expectNoSeriousA11yViolations(page);
  for (const [index, step] of form.steps.entries()) {
    await page.getByRole('heading', { level: 2, name: exact(t(locale, `forms.steps.${step.id}`)) }).waitFor();
    for (const name of step.fields) {
      const value = name === 'email' ? emailFor(kind, locale) : entryOf(form, name);
      if (value !== undefined) await fillField(page, name, value);
    }
    const last = index === form.steps.length - 1;
    await page
      .getByRole('button', { name: exact(t(locale, last ? 'forms.common.submit' : 'forms.common.next')) })
      .click();
  }
  await page.waitForURL((url) => url.pathname.includes('/submitted/'), { timeout: 20_000 });
  return new URL(page.url()).pathname;
}

const publicForms = (slug: string) => publicFormsOf(suite.baseUrl, slug);
const setForms = (slug: string, wanted: { kind: RegistrationKind; open: boolean }[]) =>
  setEventForms(suite.baseUrl, slug, wanted);

beforeAll(async () => {
  // the demo event offers participant, exhibitor and b2b forms: the organiser opens the others
  const { forms } = await publicForms(SLUG);
  const missing = KINDS.filter((kind) => !forms.some((f) => f.kind === kind));
  await setForms(
    SLUG,
    missing.map((kind) => ({ kind, open: true })),
  );
});

describe('visitor registration forms', () => {
  it('every data table entry is valid for its schema (guards the test itself)', () => {
    for (const kind of KINDS) {
      const form = formFor(kind);
      const data = Object.fromEntries(
        form.steps
          .flatMap((s) => s.fields)
          .filter((f) => VALUES[f] !== undefined || f === 'email')
          .map((f) => {
            const v = f === 'email' ? emailFor(kind, 'fr') : entryOf(form, f);
            return [f, typeof v === 'object' && !Array.isArray(v) ? `upl_${'a'.repeat(43)}` : v];
          }),
      );
      const parsed = form.schema.safeParse(data);
      expect(parsed.success, `${kind}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('fills and submits each form in French (axe on each), mails a link that confirms once', async () => {
    const { context, page } = await suite.open('fr-FR');
    for (const kind of KINDS) {
      const path = await fillAndSubmit(page, kind, 'fr', { axe: true });
      const expected = kind.startsWith('participant')
        ? 'particapant'
        : kind === 'receptionist'
          ? 'receptionist'
          : 'participant';
      expect(path).toBe(`/events-${SLUG}/submitted/${expected}`);
    }
    await expectNoSeriousA11yViolations(page);

    const link = new URL(await confirmLinkFor(suite.baseUrl, emailFor('participant', 'fr')));
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL((url) => url.pathname === '/events/result-page/success');
    await page
      .getByRole('heading', { level: 1, name: exact(t('fr', 'registration.result.successTitle')) })
      .waitFor();
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL((url) => url.searchParams.get('status') === 'already_confirmed');
    await context.close();
  }, 300_000);

  it('lists each registration just submitted on its organiser page, for the eight roles', async () => {
    const { event } = await publicForms(SLUG);
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    const pages = Object.entries(REGISTRATION_LIST_PAGES).filter(([name]) => name !== 'b2b_companies');
    expect(pages).toHaveLength(8);
    for (const [name, kinds] of pages) {
      await page.goto(`/events/${name}-${event.id}?q=${encodeURIComponent(`e2e-${run}-`)}`);
      await page
        .getByRole('heading', { level: 1, name: exact(t('fr', `registrationsAdmin.pages.${name}`)) })
        .waitFor();
      const submitted = kinds.filter((kind) => KINDS.includes(kind));
      expect(submitted.length, `${name} lists a kind this run submitted`).toBeGreaterThan(0);
      for (const kind of submitted)
        await page.locator('tbody tr', { hasText: emailFor(kind, 'fr') }).waitFor();
    }
    await context.close();
  });

  it('submits the participant, exhibitor and receptionist forms in English and Japanese', async () => {
    for (const [locale, browserLocale] of [
      ['en', 'en-GB'],
      ['ja', 'ja-JP'],
    ] as const) {
      const { context, page } = await suite.open(browserLocale);
      for (const kind of ['participant', 'exhibitor', 'receptionist'] as const) {
        const path = await fillAndSubmit(page, kind, locale);
        expect(path).toContain(`/events-${SLUG}/submitted/`);
      }
      const mails = await readOutbox(suite.baseUrl);
      const mail = mails.find(
        (m) =>
          m.to === emailFor('receptionist', locale) ||
          (Array.isArray(m.to) && m.to.includes(emailFor('receptionist', locale))),
      );
      expect(mail?.subject).toContain(
        t(locale, 'mail.registrationConfirm.subject', { organization: '' }).trim().slice(0, 6),
      );
      await context.close();
    }
  }, 180_000);

  it('keeps entries through Next, Back, a reload and a server failure', async () => {
    const { context, page } = await suite.open('fr-FR');
    await page.goto(`/events-${SLUG}/participant`);
    await page.locator('[name="lastName"]').fill('Reload');
    await page.locator('[name="firstNames"]').fill('Test');
    await page.locator('[name="email"]').fill(`e2e-${run}-keep@example.org`);
    await page.locator('[name="dialCode"]').focus();
    await page.locator('[name="dialCode"]').selectOption('FR'); // France (+33)
    await page.locator('[name="phone"]').fill('612345678');
    await page.locator('[name="countryOfResidence"]').focus();
    await page.locator('[name="countryOfResidence"]').selectOption('FR');
    await page.getByRole('button', { name: exact(t('fr', 'forms.common.next')) }).click();
    await page.getByRole('heading', { level: 2, name: exact(t('fr', 'forms.steps.professional')) }).waitFor();
    await page.locator('[name="occupation"]').fill('Chercheuse');
    await page.reload();
    await page.getByRole('heading', { level: 2, name: exact(t('fr', 'forms.steps.professional')) }).waitFor();
    expect(await page.locator('[name="occupation"]').inputValue()).toBe('Chercheuse');
    await page.getByRole('button', { name: exact(t('fr', 'forms.common.back')) }).click();
    expect(await page.locator('[name="lastName"]').inputValue()).toBe('Reload');
    await page.getByRole('button', { name: exact(t('fr', 'forms.common.next')) }).click();
    await page.locator('[name="participantType"][value="individual"]').check();
    await page.locator('[name="sector"]').selectOption('art_culture');
    await page.getByRole('button', { name: exact(t('fr', 'forms.common.next')) }).click();
    await page.locator('[name="privacyConsent"]').check();

    // the server fails: the spec's toast, and nothing the visitor typed is lost
    await page.route('**/api/public/events/*/registrations/*', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: '{"error":{"code":"errors.connection","message":"x"}}',
      }),
    );
    await page.getByRole('button', { name: exact(t('fr', 'forms.common.submit')) }).click();
    await page.getByText(exact(t('fr', 'errors.connectionTitle'))).waitFor();
    await page.getByText(exact(t('fr', 'errors.connection'))).waitFor();
    await page.getByRole('button', { name: exact(t('fr', 'forms.common.back')) }).click();
    expect(await page.locator('[name="occupation"]').inputValue()).toBe('Chercheuse');
    await page.unroute('**/api/public/events/*/registrations/*');
    await page.getByRole('button', { name: exact(t('fr', 'forms.common.next')) }).click();
    await page.getByRole('button', { name: exact(t('fr', 'forms.common.submit')) }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/submitted/particapant'));
    // cleared once submitted
    await page.goto(`/events-${SLUG}/participant`);
    expect(await page.locator('[name="lastName"]').inputValue()).toBe('');
    await context.close();
  });

  it('shows the step errors with the spec messages and a clear page for an unknown form', async () => {
    const { context, page } = await suite.open('en-GB');
    await page.goto(`/en/events-${SLUG}/participant`);
    await page.locator('[name="phone"]').fill('06 12a');
    await page.getByRole('button', { name: exact(t('en', 'forms.common.next')) }).click();
    await page
      .getByText(exact(t('en', 'validation.phoneDigits')))
      .first()
      .waitFor();
    await page
      .getByText(exact(t('en', 'validation.countryCode')))
      .first()
      .waitFor();
    // a file whose content is not an accepted type is refused with the reason, in the page's language
    await page.goto(`/en/events-${SLUG}/agent_presse`);
    await page
      .locator('[name="logo"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PDF });
    await page.getByText(t('en', 'forms.files.badType', { types: 'PNG, JPEG, WebP' })).waitFor();
    await page.goto(`/en/events-no-such-event-${run}/participant`);
    await page.getByText(exact(t('en', 'registration.unavailable.unknown'))).waitFor();
    await context.close();
  });

  it("runs on the visitor's own entry, switches language there and leaves it for the application", async () => {
    const { context, page } = await suite.open('en-GB');
    const scripts: string[] = [];
    const api: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script') scripts.push(url.pathname);
      if (url.pathname.startsWith('/api/')) api.push(url.pathname);
    });
    await page.goto(`/en/events-${SLUG}/participant`);
    await page.locator('[name="lastName"]').fill('Dupont');
    // the small entry: no session check, no console chunk
    expect(scripts.some((path) => /\/assets\/visitor-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/assets\/index-[\w-]+\.js$/.test(path))).toBe(false);
    expect(api).not.toContain('/api/auth/me');
    // the language chooser stays on the visitor's page, in the other language, with the entries kept
    await page.getByRole('combobox', { name: t('en', 'layout.language') }).selectOption('ja');
    await page.waitForURL(`**/jp/events-${SLUG}/participant`);
    await page.getByRole('button', { name: exact(t('ja', 'forms.common.next')) }).waitFor();
    expect(await page.locator('[name="lastName"]').inputValue()).toBe('Dupont');
    // a link to any other page loads the application (waited for: the browser's report of a request may
    // reach the test after the page it loaded shows its heading)
    const application = page.waitForRequest((request) =>
      /\/assets\/index-[\w-]+\.js$/.test(new URL(request.url()).pathname),
    );
    await page.getByRole('link', { name: t('ja', 'layout.footer.about') }).click();
    await page.waitForURL('**/jp/about');
    await page.locator('h1').first().waitFor();
    expect((await application).resourceType()).toBe('script');
    await context.close();
  });

  it('starts in steps: the entry imports its chunks later, at low priority; nothing moves, nothing is refused', async () => {
    const html = await (await fetch(`${suite.baseUrl}/en/events-${SLUG}/participant`)).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(entry).toBeDefined();
    expect(preloads.length).toBeGreaterThan(2);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
    // the entry statically imports none of them: each is evaluated in its own task, after the first paint
    const entryCode = await (await fetch(`${suite.baseUrl}${entry}`)).text();
    const staticImports = [
      ...entryCode.matchAll(/(?:^|[;\s])import\s*[^("'`]*?from\s*["']([^"']+)["']/g),
    ].map((m) => m[1] ?? '');
    for (const link of preloads) {
      const file = /href="\/assets\/([^"]+)"/.exec(link)?.[1] ?? '';
      expect(staticImports.some((spec) => spec.endsWith(file))).toBe(false);
    }

    // the form renders in two parts (lib/first-render.ts): what comes later only appears below, so no
    // layout shift is recorded while the page starts
    const { context, page } = await suite.open('en-GB');
    // a phone's screen, as Lighthouse's mobile run
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      const refused: string[] = [];
      Object.assign(window, { shifts, refused });
      document.addEventListener('securitypolicyviolation', (event) =>
        refused.push(`${event.violatedDirective} ${event.sourceFile}`),
      );
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/en/events-${SLUG}/participant`);
    await page.getByRole('button', { name: exact(t('en', 'forms.common.next')) }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
    // and the strict CSP refused nothing (zod's eval probe is off in the browser: vite.config.ts)
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
    await context.close();
  });

  it('says so for an unknown confirmation link and mails a new one that confirms', async () => {
    const email = `resend-${run}@example.org`;
    const data = Object.fromEntries(
      formFor('participant')
        .steps.flatMap((s) => s.fields)
        .filter((f) => VALUES[f] !== undefined)
        .map((f) => [f, VALUES[f]]),
    );
    const registered = await fetch(`${suite.baseUrl}/api/public/events/${SLUG}/registrations/participant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify({ locale: 'en', data: { ...data, email } }),
    });
    expect(registered.status, await registered.clone().text()).toBe(202);
    const first = await confirmLinkFor(suite.baseUrl, email);

    const { context, page } = await suite.open('en-GB');
    await page.goto(`/en/public/registrations/confirm?token=no-such-${run}&event=${SLUG}&kind=participant`);
    await page.waitForURL('**/en/events/result-page/error?**');
    await page.getByText(exact(t('en', 'errors.linkUnknown'))).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel(t('en', 'forms.fields.email.label')).fill(email);
    await page.getByRole('button', { name: exact(t('en', 'registration.result.resend')) }).click();
    await page.getByText(exact(t('en', 'registration.result.resent'))).waitFor();

    // a second mail with a new link, which confirms the registration
    let second: string | undefined;
    await expect
      .poll(async () => {
        const links = (await readOutbox(suite.baseUrl))
          .filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).includes(email))
          .map((m) => m.text?.match(/https?:\/\/\S+\/public\/registrations\/confirm\?\S+/)?.[0])
          .filter((link) => link && link !== first);
        second = links[0];
        return Boolean(second);
      })
      .toBe(true);
    const link = new URL(second as string);
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL('**/events/result-page/success?**');
    await page
      .getByRole('heading', { level: 1, name: t('en', 'registration.result.successTitle') })
      .waitFor();
    await context.close();
  });

  it('fills and submits the older exhibitor field set where the event offers only that one', async () => {
    const slug = 'forum-b2b-lyon';
    await setForms(slug, [
      { kind: 'exhibitor', open: false },
      { kind: 'exhibitor_legacy', open: true },
    ]);
    const { context, page } = await suite.open('fr-FR');
    const path = await fillAndSubmit(page, 'exhibitor_legacy', 'fr', { axe: true, slug });
    expect(path).toBe(`/events-${slug}/submitted/participant`);
    await confirmLinkFor(suite.baseUrl, emailFor('exhibitor_legacy', 'fr'));
    await context.close();
  });

  it("shows the error page, not a blank one, when a visitor page's code cannot load", async () => {
    const { context, page } = await suite.open('en-GB');
    await page.route(/\/assets\/form-page-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`/en/events-${SLUG}/participant`);
    await page
      .getByRole('heading', { level: 1, name: t('en', 'pages.error.serverErrorTitle') })
      .waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: t('en', 'pages.error.backHome') }).waitFor();
    await context.close();
  });
});
