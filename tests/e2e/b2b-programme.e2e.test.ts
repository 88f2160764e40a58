import { randomBytes } from 'node:crypto';
import { B2B_KEY_HEADER } from '@evt/contracts/b2b';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Locale } from '@evt/contracts/locale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { publicFormsOf, setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { confirmLinkFor, mailedLink, readOutbox } from './support/outbox';
import { signIn } from './support/flows';
import { useBrowserSuite } from './support/suite';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { savedDownload } from './support/downloads';
import { api } from './support/console-api';

/**
 * The B2B programme, the organiser's side, on its own event (the Lyon forum's demo programme stays open for the
 * company test): two companies registered and confirmed through the BFF, one asked the other, who
 * accepted, online; the organiser picks Zoom for the online meetings, freezes, runs the scheduler,
 * publishes; both companies see the agenda with the meeting's Zoom link and download the `.ics` carrying it.
 */
const suite = useBrowserSuite();
const SLUG = 'sii-2027';
const run = randomBytes(3).toString('hex');
const WRITE = { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };
let eventId: number;
const companies: { name: string; link: string; header: string }[] = [];

const emailOf = (profileType: string) => `e2e-b2b-prog-${profileType}-${run}@example.org`;
/** a company that asks for nothing: the result and its mail say why it has no meeting */
let idle: { name: string; link: string; header: string; id: number } | undefined;

/** the desktop and the phone widths the programme page must fit without the page scrolling sideways */
const WIDTHS = [1280, 390] as const;

/** At each width, the document is no wider than the window: a wide grid scrolls in its own box. */
async function expectFits(page: Page) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `the page at ${width} px`).toBeLessThanOrEqual(innerWidth);
  }
}

/** The subjects of the mails to `to`, as the outbox holds them. */
const subjectsTo = async (to: string) =>
  (await readOutbox(suite.baseUrl)).filter((m) => [m.to].flat().includes(to)).map((m) => m.subject);
/** a mail subject's own words, before the event's name */
const subjectStart = (locale: Locale, key: string) =>
  t(locale, key, { event: '' }).split('—')[0]?.trim() ?? '';

async function registerCompany(name: string, profileType: string, day: string, locale: Locale) {
  const email = emailOf(profileType);
  const res = await fetch(`${suite.baseUrl}/api/public/events/${SLUG}/registrations/b2b`, {
    method: 'POST',
    headers: WRITE,
    body: JSON.stringify({
      locale,
      data: {
        companyName: name,
        profileType,
        fullName: 'Test Person',
        position: 'ceo',
        email,
        dialCode: '+33',
        phone: '612345678',
        employees: 30,
        websiteUrl: '',
        address: 'Paris',
        businessSectors: ['tech_innovation'],
        otherSector: '',
        logo: '',
        companyDescription: 'A company building software for trade fairs and their exhibitors.',
        skills: 'Software',
        offerType: 'b2b_services',
        otherOfferType: '',
        targetMarket: 'Europe',
        needType: 'potential_clients',
        otherNeedType: '',
        needUrgency: 'immediate',
        targetedPartnerType: 'clients',
        otherPartnershipType: '',
        specificCriteria: '',
        participationFormat: 'in_person',
        availabilityStart: day,
        availabilityEnd: day,
        timeSlots: ['full_day'],
        expectations: '',
        listedInDirectory: true,
        privacyConsent: true,
      },
    }),
  });
  expect(res.status).toBe(202);
  const confirm = new URL(await confirmLinkFor(suite.baseUrl, email));
  expect((await fetch(`${suite.baseUrl}/api/public/registrations/confirm${confirm.search}`)).status).toBe(
    200,
  );
  const link = new URL(await mailedLink(suite.baseUrl, email, (href) => href.includes('/b2b-')));
  const [, code, key] = /b2b-(\d+)#key=([0-9a-f]{48})$/.exec(`${link.pathname}${link.hash}`) ?? [];
  // the form of the links mailed before the key moved to the fragment: they keep opening the space
  const oldLink = `${link.pathname.replace(/^\/(en|jp)/, '')}-${key}`;
  return { name, link: oldLink, header: `${code}-${key}`, id: Number(code) };
}

beforeAll(async () => {
  await setEventForms(suite.baseUrl, SLUG, [{ kind: 'b2b', open: true }]);
  const { event } = await publicFormsOf(suite.baseUrl, SLUG);
  eventId = event.id;
});

/** The event's clock set to `timeZone` through the console (the organiser signed in on `page`); its zone before. */
async function setEventZone(page: Page, timeZone: string): Promise<string> {
  const event = await api<Record<string, unknown>>(page, 'GET', `/api/events/${eventId}`);
  const fields = ['name', 'description', 'venue', 'city', 'country', 'startDate', 'endDate', 'startTime']
    .concat(['endTime', 'languages', 'status', 'translations'])
    .map((key) => [key, event[key]]);
  await api(page, 'PUT', `/api/events/${eventId}`, { ...Object.fromEntries(fields), timeZone });
  return String(event.timeZone);
}

/** the demo event's zone before this file moved it to Tokyo, put back at the end */
let zoneBefore: string | null = null;
afterAll(async () => {
  if (zoneBefore === null) return;
  const { context, page } = await suite.open('en-GB');
  await signIn(page, 'en');
  await setEventZone(page, zoneBefore);
  await context.close();
});

describe('B2B: the organiser schedules and publishes, the companies get their agenda', () => {
  it('two companies register and confirm; one asks the other, who accepts (through the BFF)', async () => {
    const page = await (await fetch(`${suite.baseUrl}/api/public/events/${SLUG}`)).json();
    const day = String((page as { event: { startDate: string } }).event.startDate).slice(0, 10);
    const buyer = await registerCompany(`Kyoto Buyers ${run}`, 'buyer', day, 'ja');
    const supplier = await registerCompany(`Lyon Supply ${run}`, 'supplier', day, 'en');
    companies.push(buyer, supplier);
    const sent = await fetch(`${suite.baseUrl}/api/public/b2b/${SLUG}/requests`, {
      method: 'POST',
      headers: { ...WRITE, [B2B_KEY_HEADER]: buyer.header },
      body: JSON.stringify({ toId: supplier.id, message: '', online: true }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    const accepted = await fetch(`${suite.baseUrl}/api/public/b2b/${SLUG}/requests/${id}/accept`, {
      method: 'POST',
      headers: { ...WRITE, [B2B_KEY_HEADER]: supplier.header },
      body: '{}',
    });
    expect(accepted.status).toBe(200);
    // each is told in its own language: the supplier that a request arrived, the buyer that it was accepted
    await expect
      .poll(() => subjectsTo(emailOf('supplier')), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining(subjectStart('en', 'b2b.mail.request.subject')));
    await expect
      .poll(() => subjectsTo(emailOf('buyer')), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining(subjectStart('ja', 'b2b.mail.accepted.subject')));
    idle = await registerCompany(`Osaka Idle ${run}`, 'investor', day, 'fr');
  }, 90_000);

  it('freezes, runs the scheduler, publishes (en), axe clean', async () => {
    const locale: Locale = 'en';
    const { context, page } = await suite.open('en-GB');
    await signIn(page, locale);
    // the event is in Tokyo: its programme's slots and every time a company reads are on Tokyo's clock
    zoneBefore = await setEventZone(page, 'Asia/Tokyo');
    await page.goto(localised(locale, `/events/b2b-${eventId}`));
    await page.getByRole('heading', { level: 1, name: exact(t(locale, 'b2b.programme.title')) }).waitFor();
    await expectNoSeriousA11yViolations(page);
    // the days with date pickers (the event's, at first): one more, proposed as the day after the last
    const settings = (key: string, values?: Record<string, string | number>) =>
      t(locale, `b2b.programme.settings.${key}`, values);
    const days = await page
      .locator('input[type="date"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await page.getByRole('button', { name: exact(settings('addDay')) }).click();
    const next = new Date(`${days.at(-1)}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    days.push(next.toISOString().slice(0, 10));
    expect(await page.getByLabel(exact(settings('day', { n: days.length }))).inputValue()).toBe(days.at(-1));
    // the hours with time pickers, and twenty tables, one per line
    await page.getByLabel(exact(settings('dayStart'))).fill('08:30');
    await page.getByLabel(exact(settings('dayEnd'))).fill('17:30');
    const tables = Array.from({ length: 20 }, (_, i) => `Stand ${i + 1}`);
    await page.getByLabel(exact(settings('tables'))).fill(tables.join('\n'));
    // the online meetings on Zoom (the webhook: no Google connection needed)
    await page.getByLabel(settings('onlinePlatform')).selectOption('zoom');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/events/${eventId}/b2b/settings`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: exact(settings('save')) }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({
      days,
      dayStart: '08:30',
      dayEnd: '17:30',
      tables,
      onlinePlatform: 'zoom',
    });
    // the form is drawn again from the saved settings
    expect(await page.getByLabel(t(locale, 'b2b.programme.settings.onlinePlatform')).inputValue()).toBe(
      'zoom',
    );
    await page.getByRole('button', { name: exact(t(locale, 'b2b.programme.actions.freeze')) }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: exact(t(locale, 'b2b.programme.actions.freeze')) }).click();
    await page.getByText(t(locale, 'b2b.programme.state.frozen')).waitFor();
    await page.getByRole('button', { name: exact(t(locale, 'b2b.programme.actions.run')) }).click();
    await page.getByText(t(locale, 'b2b.programme.actions.runState.done')).waitFor({ timeout: 30_000 });
    // the grid shows the meeting
    await page.getByRole('table', { name: t(locale, 'b2b.programme.grid.title') }).waitFor();
    await page
      .getByText(
        t(locale, 'b2b.programme.grid.meeting', {
          from: companies[0]?.name ?? '',
          to: companies[1]?.name ?? '',
        }),
        { exact: true },
      )
      .waitFor();
    // twenty tables: the grid scrolls inside its own box, which the keyboard reaches, never the page
    const grid = page.getByRole('region', { name: t(locale, 'b2b.programme.grid.title') });
    expect(await grid.getAttribute('tabindex')).toBe('0');
    await expectFits(page);
    expect(await grid.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    // the result names the company left without a meeting, and why
    await page
      .getByRole('region', { name: t(locale, 'b2b.programme.shortfalls.title') })
      .getByText(t(locale, 'b2b.programme.shortfalls.noRequests', { company: idle?.name ?? '' }))
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: exact(t(locale, 'b2b.programme.actions.publish')) }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: exact(t(locale, 'b2b.programme.actions.publish')) })
      .click();
    await page.getByText(t(locale, 'b2b.programme.actions.published')).waitFor();
    // the online meeting's Zoom link, made before the agendas were mailed, is on the grid
    const link = page.getByRole('link', { name: exact(t(locale, 'b2b.programme.links.open')) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/zoom\.example\.invalid\/j\//);
    await context.close();
  }, 120_000);

  for (const [index, locale, browserLocale] of [
    [0, 'ja', 'ja-JP'],
    [1, 'fr', 'fr-FR'],
  ] as const) {
    it(`company ${index + 1} sees its agenda and downloads the .ics (${locale}), axe clean`, async () => {
      const company = companies[index];
      const other = companies[1 - index];
      if (!company || !other) throw new Error('no company');
      const { context, page } = await suite.open(browserLocale);
      await page.goto(`${localised(locale, company.link)}?view=agenda`);
      await page
        .getByRole('heading', { level: 2, name: exact(t(locale, 'b2b.space.tabs.agenda')) })
        .waitFor();
      await page.getByRole('link', { name: exact(other.name) }).waitFor();
      // the time says whose clock it is on: the event's zone (Tokyo's, not Paris's) named, with its offset
      const time = (await page.locator('.b2b-agenda__time').first().textContent()) ?? '';
      expect(time).toMatch(locale === 'ja' ? /（日本標準時、UTC\+9）$/ : /\(.*Japon.*, UTC\+9\)$/);
      const join = page.getByRole('link', { name: exact(t(locale, 'b2b.space.agenda.join')) });
      const url = (await join.getAttribute('href')) ?? '';
      expect(url).toMatch(/^https:\/\/zoom\.example\.invalid\/j\//);
      await expectNoSeriousA11yViolations(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: exact(t(locale, 'b2b.space.agenda.download')) }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('b2b-agenda.ics');
      const text = await (await import('node:fs/promises')).readFile(await savedDownload(file), 'utf8');
      expect(text).toMatch(/BEGIN:VEVENT[\s\S]*UID:b2b-\d+-\d+@evt/);
      // read by an independent parser: the meeting's event carries the video link as its URL
      const calendar = new ICAL.Component(ICAL.parse(text));
      // the calendar names the event's zone too
      expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Tokyo');
      const event = calendar.getFirstSubcomponent('vevent');
      expect(event?.getFirstPropertyValue('url')).toBe(url);
      await context.close();
    }, 60_000);
  }

  it('the company left without a meeting is told why, and its mail opens its space (fr), axe clean', async () => {
    if (!idle) throw new Error('no idle company');
    const email = emailOf('investor');
    let mail: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
    await expect
      .poll(
        async () => {
          const subject = subjectStart('fr', 'b2b.mail.agenda.subject');
          mail = (await readOutbox(suite.baseUrl)).find(
            (m) => [m.to].flat().includes(email) && m.subject.startsWith(subject),
          );
          return Boolean(mail);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(mail?.text).toContain(t('fr', 'b2b.mail.agenda.noRequests'));
    // the button's key rides in the link's fragment, which no server or log sees
    const button = ((mail?.links as string[] | undefined) ?? []).find((href) =>
      /\/b2b-\d+#key=[0-9a-f]{48}$/.test(href),
    );
    expect(button).toBeTruthy();
    const { context, page } = await suite.open('fr-FR');
    const target = new URL(button ?? '');
    await page.goto(`${target.pathname}${target.hash}`);
    // the space itself, not the "send me my link again" page
    await page.getByRole('navigation', { name: t('fr', 'b2b.space.navLabel') }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  }, 60_000);
});

describe('B2B: the demo programme page, with its twenty tables, on a desktop and a phone', () => {
  for (const [locale, browserLocale] of [
    ['fr', 'fr-FR'],
    ['ja', 'ja-JP'],
  ] as const) {
    it(`fits both widths; its pickers say a day ending before it starts (${locale}), axe clean`, async () => {
      const lyon = await (await fetch(`${suite.baseUrl}/api/public/events/forum-b2b-lyon`)).json();
      const { context, page } = await suite.open(browserLocale);
      await signIn(page, locale);
      await page.goto(localised(locale, `/events/b2b-${(lyon as { event: { id: number } }).event.id}`));
      const settings = (key: string, values?: Record<string, string | number>) =>
        t(locale, `b2b.programme.settings.${key}`, values);
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'b2b.programme.title')) }).waitFor();
      const day = page.getByLabel(exact(settings('day', { n: 1 })));
      expect(await day.getAttribute('type')).toBe('date');
      await expectFits(page);
      // nothing is saved: the demo programme stays as the company test expects it
      await page.getByLabel(exact(settings('dayStart'))).fill('16:00');
      await page.getByLabel(exact(settings('dayEnd'))).fill('10:00');
      await page.getByRole('button', { name: exact(settings('save')) }).click();
      const error = page.getByRole('alert').filter({ hasText: t(locale, 'validation.timeOrder') });
      await error.waitFor();
      const end = page.getByLabel(exact(settings('dayEnd')));
      expect(await end.getAttribute('aria-invalid')).toBe('true');
      expect(await end.getAttribute('aria-describedby')).toContain(await error.getAttribute('id'));
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }, 60_000);
  }
});

describe('B2B: the companies in the console, as every role', () => {
  for (const [locale, browserLocale] of [
    ['en', 'en-GB'],
    ['fr', 'fr-FR'],
    ['ja', 'ja-JP'],
  ] as const) {
    it(`lists, finds and opens a company on its list page (${locale}), axe clean`, async () => {
      const company = companies[1];
      if (!company) throw new Error('no company');
      const { context, page } = await suite.open(browserLocale);
      await signIn(page, locale);
      await page.goto(localised(locale, `/events/b2b_companies-${eventId}`));
      const title = t(locale, 'registrationsAdmin.pages.b2b_companies');
      await page.getByRole('heading', { level: 1, name: exact(title) }).waitFor();
      // the event's navigation links it
      await page
        .getByRole('navigation', { name: t(locale, 'console.eventNav.label') })
        .getByRole('link', { name: new RegExp(`^${title}`) })
        .waitFor();
      // found by the company's name
      await page.getByRole('searchbox', { name: t(locale, 'registrationsAdmin.search') }).fill(company.name);
      await page.getByRole('button', { name: exact(t(locale, 'registrationsAdmin.searchAction')) }).click();
      // the list is the search's answer: this company alone
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
      const row = page.locator('tbody tr', { hasText: company.name });
      await row.waitFor();
      await expectNoSeriousA11yViolations(page);
      await row.getByRole('button', { name: exact(t(locale, 'registrationsAdmin.open')) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(company.name, { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }, 60_000);
  }
});
