import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { REGISTRATION_LIST_PAGES } from '@evt/contracts/forms/kinds';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { setEventForms } from './support/forms';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';
import { serverExport } from './support/downloads';

const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');

/** Registers `count` participants of sii-2027, so that its list holds more than one page. */
async function registerParticipants(count: number) {
  await setEventForms(suite.baseUrl, 'sii-2027', [{ kind: 'participant', open: true }]);
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${suite.baseUrl}/api/public/events/sii-2027/registrations/participant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify({
        locale: 'fr',
        data: {
          lastName: `Export${i}`,
          firstNames: 'Awa',
          email: `export-${run}-${i}@example.org`,
          dialCode: '+225',
          phone: '0102030405',
          countryOfResidence: 'CI',
          occupation: '=HYPERLINK("http://evil.example")',
          participantType: 'individual',
          sector: 'agriculture_agroindustry',
          telegramNotifications: false,
          privacyConsent: true,
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
  }
}

/** The records of an RFC 4180 text (a quoted cell may hold a line break). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) cell += c;
    else if (c === ',' || c === '\n') {
      record.push(cell);
      cell = '';
      if (c === '\n') {
        records.push(record);
        record = [];
      }
    }
  }
  return records;
}

describe("the organiser's registration lists", () => {
  it('lists, filters, sorts, pages, opens one and exports every matching row', async () => {
    await registerParticipants(16);
    const forms = (await (await fetch(`${suite.baseUrl}/api/public/events/sii-2027/forms`)).json()) as {
      event: { id: number };
    };
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    await page.goto(`/events/participants-${forms.event.id}`);
    await page
      .getByRole('heading', { level: 1, name: exact(t('fr', 'registrationsAdmin.pages.participants')) })
      .waitFor();
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    const total = await rows.count();
    expect(total).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    // the list holds more than one page: the export holds them all, with the form's labels as headers
    const summary = (await page.locator('.table__summary').textContent()) ?? '';
    const all = Number(summary.replace(/\D/g, ''));
    expect(all).toBeGreaterThan(total);
    const records = csvRecords(
      (await readFile(await serverExport(page, 'fr', 'csv'), 'utf8')).replace(/^\uFEFF/, ''),
    );
    // the export holds the list's rows: a person erased under data rights (data-rights.e2e erases some
    // here) is in neither, and the list says how many were left out (docs/decisions/product.md)
    const erased = await page.evaluate(
      async ({ id, kinds }) =>
        ((await (await fetch(`/api/events/${id}/registrations?kind=${kinds}`)).json()) as { erased: number })
          .erased,
      { id: forms.event.id, kinds: REGISTRATION_LIST_PAGES.participants.join(',') },
    );
    expect(records).toHaveLength(all + 1);
    if (erased > 0)
      await page
        .getByText(
          exact(
            t('fr', `registrationsAdmin.erasedLeftOut_${erased === 1 ? 'one' : 'other'}`, { count: erased }),
          ),
        )
        .waitFor();
    expect(records.some((r) => r.some((cell) => cell.endsWith('@erased.invalid')))).toBe(false);
    expect(records[0]).toEqual(
      expect.arrayContaining([
        t('fr', 'registrationsAdmin.columns.status'),
        t('fr', 'forms.fields.lastName.label'),
        t('fr', 'forms.fields.phone.label'),
        t('fr', 'forms.fields.sector.label'),
      ]),
    );
    expect(records[0]).not.toContain(t('fr', 'forms.fields.dialCode.label'));
    const header = records[0] ?? [];
    const mine = records.find((r) => r.includes(`export-${run}-0@example.org`)) ?? [];
    const cell = (field: string) => mine[header.indexOf(t('fr', `forms.fields.${field}.label`))];
    expect(cell('sector')).toBe(t('fr', 'enums.sectors.agriculture_agroindustry'));
    // a phone number is data, written as typed; names and e-mail as the list shows them
    expect(cell('phone')).toBe('+225 0102030405');
    const listed = (column: string) => mine[header.indexOf(t('fr', `registrationsAdmin.columns.${column}`))];
    expect([listed('lastName'), listed('firstNames'), listed('email')]).toEqual([
      'Export0',
      'Awa',
      `export-${run}-0@example.org`,
    ]);
    expect(cell('countryOfResidence')).toBe('Côte d’Ivoire');
    expect(cell('occupation')).toBe(`'=HYPERLINK("http://evil.example")`);
    // the Telegram preference under its own header, in words
    expect(mine[header.indexOf(t('fr', 'registrationsAdmin.columns.telegram'))]).toBe(
      t('fr', 'console.export.no'),
    );
    await page
      .getByRole('columnheader', { name: exact(t('fr', 'registrationsAdmin.columns.telegram')) })
      .waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel(exact(t('fr', 'registrationsAdmin.columns.status'))).selectOption('confirmed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'confirmed');
    await expect
      .poll(async () =>
        (await rows.allInnerTexts()).every((r) =>
          r.includes(t('fr', 'enums.registrationStatuses.confirmed')),
        ),
      )
      .toBe(true);

    await page.getByRole('button', { name: exact(t('fr', 'registrationsAdmin.columns.email')) }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email');

    const csv = await readFile(await serverExport(page, 'fr', 'csv'), 'utf8');
    const confirmed = Number(
      ((await page.locator('.table__summary').textContent()) ?? '').replace(/\D/g, ''),
    );
    expect(csvRecords(csv)).toHaveLength(confirmed + 1);

    const excel = await serverExport(page, 'fr', 'xlsx');
    expect(excel).toMatch(/\.xlsx$/);
    // the Excel file keeps its header in view, sizes its columns and writes moments as dates (numbers
    // with a date format), not as text
    const book = unzipSync(new Uint8Array(await readFile(excel)));
    const sheet = Buffer.from(book['xl/worksheets/sheet1.xml'] ?? []).toString('utf8');
    expect(sheet).toMatch(/<pane [^>]*ySplit="1"/);
    expect(sheet).toMatch(/<col [^>]*width="/);
    const styles = Buffer.from(book['xl/styles.xml'] ?? []).toString('utf8');
    expect(styles).toContain('yyyy-mm-dd hh:mm');

    await rows
      .first()
      .getByRole('button', { name: exact(t('fr', 'registrationsAdmin.open')) })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { level: 3, name: exact(t('fr', 'forms.steps.personal')) }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
