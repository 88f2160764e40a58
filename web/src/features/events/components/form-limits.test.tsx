import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { form, metrics, sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const l = en.console.eventForms.limits;
const p = en.console.eventForms.places;

function api(timeZone: string) {
  const sent: Record<string, unknown>[] = [];
  const limited = {
    ...form(11, 'participant', 'Visitors', true, 40),
    capacity: 40,
    closesAt: null,
    waitlist: true,
    promotionHours: 48,
    places: { taken: 40, waitlisted: 3, promoted: 1 },
  };
  mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, { ...fixtures.event(), timeZone }),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({ participant: 40 }),
    'GET /api/automation/eventForms': () => json(200, { data: [limited] }),
    'POST /api/automation/eventForms': ({ body }) => {
      sent.push(body as Record<string, unknown>);
      return json(200, { ...limited, ...(body as object) });
    },
  });
  return { sent };
}

describe("a form's places on the forms page", () => {
  it('shows the places held and waiting, refuses what the contract refuses, and saves the date in the event’s zone', async () => {
    const { sent } = api('Asia/Tokyo');
    renderApp('/en/events/forms-3');
    const visitors = await screen.findByRole('listitem', { name: 'Visitors' });
    expect(
      within(visitors).getByText(
        [
          p.taken.replace('{{taken}}', '40').replace('{{capacity}}', '40'),
          p.waiting_other.replace('{{count}}', '3'),
          p.promoted_one.replace('{{count}}', '1'),
        ].join(' · '),
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(visitors).getByRole('button', { name: l.edit }));
    const editor = screen.getByRole('form', { name: l.label.replace('{{title}}', 'Visitors') });
    const capacity = within(editor).getByLabelText(l.capacity);
    expect(capacity).toHaveValue(40);
    expect(within(editor).getByLabelText(l.waitlist)).toBeChecked();
    const hours = within(editor).getByLabelText(l.promotionHours);
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    await userEvent.click(within(editor).getByRole('button', { name: l.save }));
    expect(await within(editor).findByText(en.validation.wholeNumber)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(hours);
    await userEvent.type(hours, '24');
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '60');
    await userEvent.type(within(editor).getByLabelText(l.closesAt), '2027-03-01T18:00');
    await userEvent.click(within(editor).getByRole('button', { name: l.save }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      id: 11,
      capacity: 60,
      waitlist: true,
      promotionHours: 24,
      closesAt: '2027-03-01T18:00:00+09:00',
    });
  });
});
