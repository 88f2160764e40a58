import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Locale } from '@evt/contracts/locale';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { publicFormsOf, setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';
import { savedDownload } from './support/downloads';
import { personName } from '@evt/contracts/person-name';

/** One person's export, then their erasure; the report's new figures. */
const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');
const LOCALES: readonly [Locale, string][] = [
  ['fr', 'fr-FR'],
  ['en', 'en-GB'],
  ['ja', 'ja-JP'],
];

/** A participant of the demo event, registered through the public form; answers the event's id. */
async function registerParticipant(email: string, lastName: string): Promise<number> {
  // its sign-in may be refused while a loaded machine's rate-limit store is slow: tried again
  for (let attempt = 1; ; attempt++) {
    try {
      await setEventForms(suite.baseUrl, 'sii-2027', [{ kind: 'participant', open: true }]);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  const res = await fetch(`${suite.baseUrl}/api/public/events/sii-2027/registrations/participant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({
      locale: 'fr',
      data: {
        lastName,
        firstNames: 'Awa',
        email,
        dialCode: '+225',
        phone: '0102030405',
        countryOfResidence: 'CI',
        occupation: 'Agronome',
        participantType: 'individual',
        sector: 'agriculture_agroindustry',
        telegramNotifications: false,
        privacyConsent: true,
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  return (await publicFormsOf(suite.baseUrl, 'sii-2027')).event.id;
}

describe('data rights: export and erase one registration', () => {
  for (const [locale, browserLocale] of LOCALES) {
    it(`exports everything held about a person, then erases it once confirmed (${locale})`, async () => {
      const email = `rights-${run}-${locale}@example.org`;
      const lastName = `Effacer${run}${locale}`;
      const eventId = await registerParticipant(email, lastName);
      const { context, page } = await suite.open(browserLocale);
      await signIn(page, locale);
      await page.goto(localised(locale, `/events/participants-${eventId}?q=${encodeURIComponent(email)}`));
      const row = page.locator('tbody tr').filter({ hasText: email });
      await row.getByRole('button', { name: exact(t(locale, 'registrationsAdmin.open')) }).click();
      // the console names people in the page's order (family name first in Japanese)
      const details = page.getByRole('dialog', {
        name: exact(personName({ firstNames: 'Awa', lastName }, locale)),
      });
      const exportButton = details.getByRole('button', { name: exact(t(locale, 'dataRights.export')) });
      await exportButton.waitFor();
      await expectNoSeriousA11yViolations(page);

      // the export: a zip whose data.json holds the registration as the upstream keeps it
      const download = page.waitForEvent('download');
      await exportButton.click();
      const zip = unzipSync(new Uint8Array(await readFile(await savedDownload(await download))));
      const data = JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8')) as {
        registration: { email: string; lastName: string; data: Record<string, unknown> };
        statusHistory: { status: string }[];
      };
      expect(data.registration).toMatchObject({ email, lastName });
      expect(data.registration.data.occupation).toBe('Agronome');
      expect(data.statusHistory.map((s) => s.status)).toEqual(['pending']);
      // beside it, a readable copy in the person's language (French: they registered in French)
      const readable = Buffer.from(zip['personal-data.html'] ?? []).toString('utf8');
      expect(readable).toContain('<html lang="fr">');
      expect(readable).toContain(`<h2>${t('fr', 'dataRights.readable.answers')}</h2>`);
      expect(readable).toContain(`<dd>${t('fr', 'enums.registrationStatuses.pending')}</dd>`);
      expect(readable).toContain('<dd>Agronome</dd>');

      // the erasure asks first, and waits for an explicit "I understand"
      await details.getByRole('button', { name: exact(t(locale, 'dataRights.erase')) }).click();
      const name = personName({ firstNames: 'Awa', lastName }, locale);
      const ask = page.getByRole('alertdialog', {
        name: exact(t(locale, 'dataRights.eraseTitle', { name })),
      });
      await ask.waitFor();
      const confirm = ask.getByRole('button', { name: exact(t(locale, 'dataRights.eraseConfirm')) });
      expect(await confirm.isDisabled()).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await ask.getByRole('checkbox', { name: exact(t(locale, 'dataRights.understand', { name })) }).check();
      await confirm.click();
      await ask.waitFor({ state: 'hidden' });
      const erased = page.getByRole('dialog').getByText(exact(t(locale, 'dataRights.erasedNotice')));
      await erased.waitFor();
      await expectNoSeriousA11yViolations(page);

      // the person is out of the list (the detail above shows the erased row): their address is found no more
      const left = await page.evaluate(
        async ({ id, q }) =>
          (
            (await (await fetch(`/api/events/${id}/registrations?q=${encodeURIComponent(q)}`)).json()) as {
              total: number;
            }
          ).total,
        { id: eventId, q: email },
      );
      expect(left).toBe(0);
      await context.close();
    }, 180_000);
  }
});

describe('analytics: check-in and B2B figures', () => {
  it('shows the demo event’s check-ins and the B2B forum’s meetings, with their tables and in the export', async () => {
    const locale: Locale = 'en';
    const { context, page } = await suite.open('en-GB');
    await signIn(page, locale);
    const id = await page.evaluate(async () => {
      const orgs = (await (await fetch('/api/organizations')).json()) as { data: { id: number }[] };
      const events = (await (await fetch(`/api/organizations/${orgs.data[0]?.id}/events`)).json()) as {
        data: { id: number; slug: string }[];
      };
      return events.data.find((e) => e.slug === 'sii-2027')?.id ?? 0;
    });
    await page.goto(localised(locale, `/events/planning-${id}`));
    await page
      .getByRole('navigation', { name: exact(t(locale, 'console.eventNav.label')) })
      .getByRole('link', { name: exact(t(locale, 'analytics.nav')) })
      .click();
    await page.getByRole('heading', { level: 1, name: exact(t(locale, 'analytics.title')) }).waitFor();
    for (const key of ['checkInsByHour', 'checkInsByKind'])
      await page.getByRole('table', { name: exact(t(locale, `analytics.sections.${key}`)) }).waitFor();
    const summary = page.getByRole('table', { name: exact(t(locale, 'analytics.summary.title')) });
    await summary
      .getByRole('row', { name: new RegExp(`^${t(locale, 'analytics.summary.checkedIn')}`) })
      .waitFor();
    await page
      .getByLabel(exact(t(locale, 'analytics.filters.compare')))
      .selectOption({ label: 'Forum B2B Innovation Lyon' });
    await page
      .getByRole('table', { name: exact(t(locale, 'analytics.sections.b2bMeetingStages')) })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: exact(t(locale, 'analytics.export.csv')) }).click();
    const lines = (await readFile(await savedDownload(await csv), 'utf8')).split('\r\n');
    const checkedIn = `${t(locale, 'analytics.summary.title')},${t(locale, 'analytics.summary.checkedIn')},`;
    expect(lines.some((l) => l.startsWith(checkedIn))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${t(locale, 'analytics.sections.b2bMeetingStages')},`))).toBe(
      true,
    );
    expect(lines.some((l) => l.startsWith(`${t(locale, 'analytics.sections.checkInsByKind')},`))).toBe(true);
    await context.close();
  }, 180_000);
});
