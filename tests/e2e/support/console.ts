import type { Page } from 'playwright-core';

/** Selects the signed-in user's first organisation (and no event) through the BFF, as /home would. */
export async function selectFirstOrganization(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const list = (await (await fetch('/api/organizations')).json()) as { data: { id: number }[] };
    const id = list.data[0]?.id ?? 0;
    await fetch('/api/session/selection', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'evt-spa' },
      body: JSON.stringify({ organizationId: id, eventId: null, commissionId: null }),
    });
    return id;
  });
}

/**
 * Waits until the session holds `eventId` as the selected event: the console saves a selection in the
 * background when a page of the event opens, and a navigation of the test's own (`page.goto`) would abort
 * the save still under way on a loaded machine.
 */
export async function selectionSaved(page: Page, eventId: number): Promise<void> {
  await page.waitForFunction(
    async (id) => {
      const me = (await (await fetch('/api/auth/me')).json()) as { selection?: { eventId: number | null } };
      return me.selection?.eventId === id;
    },
    eventId,
    { polling: 250 },
  );
}
