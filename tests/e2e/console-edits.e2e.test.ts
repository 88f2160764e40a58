import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { api } from './support/console-api';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** One PDF uploaded as the SPA does (multipart, CSRF header); answers the stored document. */
function uploadPdf(page: Page, eventId: number, filename: string) {
  return page.evaluate(
    async ({ eventId, filename, header }) => {
      const form = new FormData();
      const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
      form.append('documents', new Blob([pdf], { type: 'application/pdf' }), filename);
      const response = await fetch(`/api/events/${eventId}/documents`, {
        method: 'POST',
        headers: { [header[0]]: header[1] },
        body: form,
      });
      if (!response.ok) throw new Error(`upload: HTTP ${response.status}`);
      return ((await response.json()) as { data: { id: number; filename: string }[] }).data[0];
    },
    { eventId, filename, header: [CSRF_HEADER, CSRF_HEADER_VALUE] as const },
  );
}

describe('correcting what was created, by keyboard', () => {
  it('edits a task, unassigns its member, deletes a document after confirming', async () => {
    const { context, page } = await suite.open('en-GB');
    await signIn(page, 'en');
    const orgId = await selectFirstOrganization(page);
    const me = (await api<{ user: { id: number } }>(page, 'GET', '/api/auth/me')).user.id;
    const events = await api<{ data: { id: number }[] }>(page, 'GET', `/api/organizations/${orgId}/events`);
    const eventId = events.data[0]?.id as number;
    const suffix = randomBytes(3).toString('hex');
    const team = await api<{ id: number }>(page, 'POST', `/api/events/${eventId}/teams`, {
      name: `Accueil ${suffix}`,
      memberIds: [me],
    });
    const project = await api<{ id: number }>(page, 'POST', `/api/teams/${team.id}/projects`, {
      name: 'Badges',
    });
    const title = `Print ${suffix}`;
    await api(page, 'POST', `/api/projects/${project.id}/tasks`, { title, memberIds: [me] });

    await page.goto(localised('en', `/events/commission-${team.id}/projects`));
    const box = page.getByRole('checkbox', { name: title });
    await box.waitFor();
    // the Edit button, then only keys: the form opens on its title, Enter saves, focus comes back
    const edit = page.getByRole('button', { name: exact(t('en', 'console.taskEdit.editLabel', { title })) });
    await edit.focus();
    await page.keyboard.press('Enter');
    const titleField = page
      .getByRole('textbox', { name: exact(t('en', 'console.tasks.titleField')) })
      .first();
    await expect.poll(() => titleField.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    const renamed = `${title} (A4)`;
    await page.keyboard.press('End');
    await page.keyboard.type(' (A4)');
    await page.keyboard.press('Enter');
    const renamedEdit = page.getByRole('button', {
      name: exact(t('en', 'console.taskEdit.editLabel', { title: renamed })),
    });
    await renamedEdit.waitFor();
    await expect.poll(() => renamedEdit.evaluate((el) => el === document.activeElement)).toBe(true);

    // unassign the one member, by keyboard
    const unassign = page.getByRole('button', {
      name: new RegExp(`^${t('en', 'console.taskEdit.unassign')} .* ${renamed.replace(/[()]/g, '\\$&')}$`),
    });
    await unassign.focus();
    await page.keyboard.press('Enter');
    await page.getByText(exact(t('en', 'console.tasks.unassigned'))).waitFor();
    await expectNoSeriousA11yViolations(page);

    // both kept by the server
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.getByRole('checkbox', { name: renamed }).waitFor();
    await page.getByText(exact(t('en', 'console.tasks.unassigned'))).waitFor();

    // a document: Delete asks first, naming the file; Tab reaches the confirmation
    const doc = await uploadPdf(page, eventId, `plan-${suffix}.pdf`);
    const filename = doc?.filename as string;
    await page.goto(localised('en', `/events/dashboard-${eventId}`));
    const link = page.getByRole('link', { name: filename });
    await link.waitFor();
    const remove = page.getByRole('button', {
      name: exact(t('en', 'console.documentEdit.deleteLabel', { name: filename })),
    });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', {
      name: exact(t('en', 'console.documentEdit.deleteTitle', { name: filename })),
    });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page);
    // Escape changes nothing
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await link.count()).toBe(1);
    await remove.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: exact(t('en', 'console.deleteDialog.confirm')) });
    for (let i = 0; i < 5 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await link.waitFor({ state: 'detached' });
    // gone on the server too
    await expect
      .poll(async () =>
        (await api<{ data: { id: number }[] }>(page, 'GET', `/api/events/${eventId}/documents`)).data.map(
          (d) => d.id,
        ),
      )
      .not.toContain(doc?.id);
    await context.close();
  });
});
