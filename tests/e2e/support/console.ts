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
