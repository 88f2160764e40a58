import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import fr from '../../../../../locales/fr.json';
import { errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';
import { form, metrics, sessionOnEvent } from '../../../test/console-fixtures';

function api() {
  let forms = [
    form(11, 'participant', 'Visitors', true, 4),
    form(12, 'exposant', 'Exhibitors', true, 2),
    form(13, 'b2b', 'B2B meetings', false, 0),
  ];
  const { calls } = mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({ participant: 4, exposant: 2 }),
    'GET /api/automation/eventForms': () => json(200, { data: forms }),
    'POST /api/automation/eventForms': ({ body }) => {
      const sent = body as { id?: number; kind: string; title: string; open: boolean };
      if (sent.id === undefined) {
        const added = form(20 + forms.length, sent.kind, sent.title, sent.open, 0);
        forms = [...forms, added];
        return json(201, added);
      }
      forms = forms.map((f) => (f.id === sent.id ? { ...f, title: sent.title, open: sent.open } : f));
      return json(
        200,
        forms.find((f) => f.id === sent.id),
      );
    },
    'DELETE /api/automation/eventForms': () => {
      forms = forms.filter((f) => f.id !== 13);
      return new Response(null, { status: 204 });
    },
    'POST /api/automation/eventFormsOrder': ({ body }) => {
      const { formIds } = body as { formIds: number[] };
      forms = formIds.map((id) => forms.find((f) => f.id === id)!);
      return json(200, { data: forms });
    },
  });
  return { calls };
}

const titles = () =>
  within(screen.getByRole('list', { name: en.console.eventForms.listLabel }))
    .getAllByRole('heading')
    .map((h) => h.textContent);
const item = (title: string) => screen.getByRole('listitem', { name: title });

describe('/events/forms-{id}', () => {
  it('lists the forms with their state, registrations and public link in each of the event languages', async () => {
    api();
    renderApp('/en/events/forms-3');
    expect(await screen.findByRole('heading', { name: 'Visitors' })).toBeInTheDocument();
    expect(titles()).toEqual(['Visitors', 'Exhibitors', 'B2B meetings']);
    const visitors = item('Visitors');
    expect(within(visitors).getByText(/4 registrations/)).toBeInTheDocument();
    const links = within(visitors)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    // the fixture event offers French and English
    expect(links).toEqual([
      `${window.location.origin}/events-paris-expo-2026/participant`,
      `${window.location.origin}/en/events-paris-expo-2026/participant`,
    ]);
    expect(within(item('B2B meetings')).getByText(en.console.eventForms.closed)).toBeInTheDocument();
  });

  it('reorders by keyboard: the moved form keeps the focus and the move is announced', async () => {
    const { calls } = api();
    renderApp('/en/events/forms-3');
    await screen.findByRole('heading', { name: 'Exhibitors' });
    const down = within(item('Visitors')).getByRole('button', { name: en.console.eventForms.moveDown });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Exhibitors', 'Visitors', 'B2B meetings']));
    expect(calls.find((c) => c.path === '/api/automation/eventFormsOrder')?.body).toEqual({
      formIds: [12, 11, 13],
    });
    expect(screen.getByRole('status')).toHaveTextContent('“Visitors” is now at position 2 of 3.');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(item('Visitors')).getByRole('button', { name: en.console.eventForms.moveDown }),
      ),
    );
    // on to the last place: down is no longer possible, the focus goes to up
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Exhibitors', 'B2B meetings', 'Visitors']));
    const last = within(item('Visitors'));
    expect(last.getByRole('button', { name: en.console.eventForms.moveDown })).toBeDisabled();
    await waitFor(() =>
      expect(document.activeElement).toBe(last.getByRole('button', { name: en.console.eventForms.moveUp })),
    );
  });

  it('closes and reopens a form', async () => {
    const { calls } = api();
    renderApp('/en/events/forms-3');
    await screen.findByRole('heading', { name: 'Visitors' });
    await userEvent.click(
      within(item('Visitors')).getByRole('button', { name: en.console.eventForms.close }),
    );
    expect(await within(item('Visitors')).findByText(en.console.eventForms.closed)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({ id: 11, open: false });
    await userEvent.click(
      within(item('Visitors')).getByRole('button', { name: en.console.eventForms.reopen }),
    );
    expect(await within(item('Visitors')).findByText(en.console.eventForms.open)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({ id: 11, open: true });
  });

  it('renames a form, refusing an empty name with an announced, localised error', async () => {
    const { calls } = api();
    renderApp('/en/events/forms-3');
    await screen.findByRole('heading', { name: 'Exhibitors' });
    await userEvent.click(
      within(item('Exhibitors')).getByRole('button', { name: en.console.eventForms.rename }),
    );
    // the main title is the event's main language's (fixtures.event(): French first), said in its label
    const field = screen.getByRole('textbox', {
      name: en.eventLanguages.formTitleMain.replace('{{language}}', en.eventLanguages.names.fr),
    });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.validation.required);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, 'Exhibitors 2026{Enter}');
    expect(await screen.findByRole('heading', { name: 'Exhibitors 2026' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      id: 12,
      kind: 'exposant',
      title: 'Exhibitors 2026',
    });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: en.console.eventForms.rename, description: 'Exhibitors 2026' }),
      ).toHaveFocus(),
    );
  });

  it('puts the order back when the upstream refuses it', async () => {
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/automation/enrolmentMetrics': metrics({}),
      'GET /api/automation/eventForms': json(200, {
        data: [form(11, 'participant', 'Visitors'), form(12, 'exposant', 'Exhibitors')],
      }),
      'POST /api/automation/eventFormsOrder': errorResponse(400, 'errors.validation'),
    });
    renderApp('/en/events/forms-3');
    await screen.findByRole('heading', { name: 'Visitors' });
    await userEvent.click(
      within(item('Exhibitors')).getByRole('button', { name: en.console.eventForms.moveUp }),
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(titles()).toEqual(['Visitors', 'Exhibitors']);
  });
});

describe('adding and removing forms', () => {
  it('adds a form of a kind the event lacks, named after its kind unless renamed', async () => {
    const { calls } = api();
    renderApp('/en/events/forms-3');
    const section = await screen.findByRole('region', { name: en.console.eventForms.addTitle });
    const kind = await within(section).findByRole('combobox', { name: en.console.eventForms.addKind });
    // the kinds already there are not offered again
    const offered = within(kind)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(offered).not.toContain('participant');
    expect(offered).not.toContain('b2b');
    await userEvent.selectOptions(kind, 'sponsor');
    const name = within(section).getByRole('textbox', { name: new RegExp(en.console.eventForms.addName) });
    // named in the event's main language (French), whatever the organiser reads
    expect(name).toHaveValue(fr.forms.kinds.sponsor.title);
    expect(name).toHaveAttribute('lang', 'fr');
    await userEvent.clear(name);
    await userEvent.type(name, 'Our sponsors');
    await userEvent.click(within(section).getByRole('button', { name: en.console.eventForms.addSubmit }));
    expect(await screen.findByRole('heading', { name: 'Our sponsors' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/automation/eventForms')?.body).toEqual({
      kind: 'sponsor',
      title: 'Our sponsors',
      open: true,
    });
  });

  it('removes a form no one registered through; one with registrations can only be closed, and says why', async () => {
    const { calls } = api();
    renderApp('/en/events/forms-3');
    await screen.findByRole('heading', { name: 'Visitors' });
    expect(within(item('Visitors')).getByText(en.console.eventForms.inUse)).toBeInTheDocument();
    expect(
      within(item('Visitors')).queryByRole('button', {
        name: en.console.eventForms.removeLabel.replace('{{title}}', 'Visitors'),
      }),
    ).toBeNull();
    await userEvent.click(
      within(item('B2B meetings')).getByRole('button', {
        name: en.console.eventForms.removeLabel.replace('{{title}}', 'B2B meetings'),
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: en.console.deleteDialog.confirm }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'B2B meetings' })).toBeNull());
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(removal?.path).toBe('/api/automation/eventForms');
  });
});
