import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { api } from './support/console-api';
import { demoOrganiser, signIn, waitForPath } from './support/flows';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

async function firstEvent(page: Page, orgId: number) {
  const events = await api<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    `/api/organizations/${orgId}/events`,
  );
  const event = events.data[0];
  if (!event) throw new Error('the demo organisation has no event');
  return event;
}

describe('console pages in the browser', () => {
  it('logs out from the account menu and from the profile to /auth/login (spec section 2); the session is gone', async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    await page.getByRole('button', { name: exact(t('fr', 'layout.accountMenu')) }).click();
    await page.getByRole('button', { name: exact(t('fr', 'layout.logout')) }).click();
    await waitForPath(page, '/auth/login');
    // signed out for real: a console page sends back to the login page
    await page.goto('/events');
    await waitForPath(page, '/auth/login');

    // signing in again returns to the page asked for
    await signIn(page, 'fr', { expectPath: '/events' });
    await page.goto('/profile');
    await page
      .getByRole('main')
      .getByRole('button', { name: exact(t('fr', 'layout.logout')) })
      .click();
    await waitForPath(page, '/auth/login');
    await page.goto('/profile');
    await waitForPath(page, '/auth/login');
    await context.close();
  });

  it('opens an event of the events list on its dashboard (spec section 2)', async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    const event = await firstEvent(page, await selectFirstOrganization(page));
    await page.goto('/events');
    await page.getByRole('button', { name: exact(event.name) }).click();
    await waitForPath(page, `/events/dashboard-${event.id}`);
    await page.getByRole('heading', { level: 1, name: exact(event.name) }).waitFor();
    // the event is the selection now: the session says so
    const session = await api<{ selection: { eventId: number | null } }>(page, 'GET', '/api/auth/me');
    expect(session.selection.eventId).toBe(event.id);
    await context.close();
  });

  it('shows the profile, the activity of an event and the collaborators from real data, and passes axe', async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    const orgId = await selectFirstOrganization(page);
    const event = await firstEvent(page, orgId);
    const members = await api<
      { data: { userId: number; email: string }[] } | { userId: number; email: string }[]
    >(page, 'GET', `/api/organizations/${orgId}/members`);
    const me = (Array.isArray(members) ? members : members.data).find((m) => m.email === demoOrganiser.email);
    expect(me).toBeDefined();
    const name = `Logistique ${randomBytes(3).toString('hex')}`;
    const team = await api<{ id: number }>(page, 'POST', `/api/events/${event.id}/teams`, {
      name,
      memberIds: [me?.userId],
    });

    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: exact(t('fr', 'profile.title')) }).waitFor();
    const main = page.getByRole('main');
    await main.getByText(demoOrganiser.email).waitFor();
    await main.getByText('Camille', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/activities-${event.id}`);
    await page.getByRole('heading', { level: 1, name: exact(t('fr', 'console.activities.title')) }).waitFor();
    await page.getByText(t('fr', 'console.activities.commission', { name })).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/organizations/collaborators-${orgId}`);
    await page
      .getByRole('heading', { level: 1, name: exact(t('fr', 'console.collaborators.organization')) })
      .waitFor();
    const person = page.getByRole('listitem').filter({ hasText: demoOrganiser.email });
    await person.getByRole('heading', { level: 2, name: 'Camille Martin' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    // the commission the organiser sits on leads to its own collaborators page
    await person.getByRole('link', { name }).click();
    await waitForPath(page, `/organizations/collaborators-${orgId}/${team.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Camille Martin' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
