import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import fr from '../../../../../locales/fr.json';
import ja from '../../../../../locales/ja.json';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

/** The organisation, and the upstream's answers to the new event and its first form. */
const creationApi = () =>
  mockApi(fixtures.session(), {
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'POST /api/events': json(201, fixtures.event(9)),
    'POST /api/automation/eventForms': json(200, {
      id: 1,
      eventId: 9,
      kind: 'participant',
      title: 'x',
      open: true,
      updatedAt: '2026-02-01T10:00:00.000Z',
      registrations: 0,
    }),
  });

describe('/events/add-{organizationId}', () => {
  it('stores a new form’s title in the event’s main language, not the organiser’s', async () => {
    const { calls } = creationApi();
    renderApp('/en/events/add-1');
    await userEvent.type(await screen.findByRole('textbox', { name: en.console.fields.name }), 'Salon 2027');
    await userEvent.type(screen.getByLabelText(en.console.addEvent.startDate), '2027-03-01');
    await userEvent.type(screen.getByLabelText(en.console.addEvent.endDate), '2027-03-03');
    await userEvent.click(screen.getByRole('button', { name: en.console.addEvent.submit }));
    // the organiser reads English; the event is French (its default language): the title is French
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/automation/eventForms')?.body).toEqual(
        {
          kind: 'participant',
          title: fr.forms.kinds.participant.title,
          open: true,
        },
      ),
    );
    expect(fr.forms.kinds.participant.title).not.toBe(en.forms.kinds.participant.title);
  });

  it('creates the event with the zone and times chosen: Paris offered first, an empty time sent as none', async () => {
    const { calls } = creationApi();
    renderApp('/en/events/add-1');
    await userEvent.type(await screen.findByRole('textbox', { name: en.console.fields.name }), 'Expo Tokyo');
    await userEvent.type(screen.getByLabelText(en.console.addEvent.startDate), '2027-03-01');
    await userEvent.type(screen.getByLabelText(en.console.addEvent.endDate), '2027-03-03');
    const zone = screen.getByRole('combobox', { name: new RegExp(`^${en.console.addEvent.timeZone}`) });
    expect(zone).toHaveValue('Europe/Paris');
    await userEvent.type(screen.getByLabelText(en.console.addEvent.startTime, { exact: false }), '10:00');
    await userEvent.selectOptions(zone, 'Asia/Tokyo');
    await userEvent.click(screen.getByRole('button', { name: en.console.addEvent.submit }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/events')?.body).toMatchObject({
        startDate: '2027-03-01T00:00:00Z',
        startTime: '10:00',
        endTime: null,
        timeZone: 'Asia/Tokyo',
      }),
    );
  }, 20_000);

  it('lets the organiser choose the main language: stored first, its title language, the others translated', async () => {
    const { calls } = creationApi();
    renderApp('/en/events/add-1');
    await userEvent.type(await screen.findByRole('textbox', { name: en.console.fields.name }), 'Expo 2027');
    await userEvent.type(screen.getByLabelText(en.console.addEvent.startDate), '2027-03-01');
    await userEvent.type(screen.getByLabelText(en.console.addEvent.endDate), '2027-03-03');
    // one language: nothing to choose
    expect(screen.queryByRole('combobox', { name: en.console.addEvent.mainLanguage })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: en.layout.languages.ja }));
    await userEvent.click(screen.getByRole('checkbox', { name: en.layout.languages.en }));
    const main = screen.getByRole('combobox', { name: new RegExp(`^${en.console.addEvent.mainLanguage}`) });
    await userEvent.selectOptions(main, 'ja');
    // the other languages get their own name: French and English, not Japanese
    expect(
      screen.getByRole('textbox', { name: en.eventLanguages.name.replace('{{language}}', 'French') }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('textbox', { name: en.eventLanguages.name.replace('{{language}}', 'Japanese') }),
    ).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: en.console.addEvent.submit }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/events')?.body).toMatchObject({
        languages: ['ja', 'fr', 'en'],
      }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/automation/eventForms')?.body).toEqual(
        { kind: 'participant', title: ja.forms.kinds.participant.title, open: true },
      ),
    );
  });
});
