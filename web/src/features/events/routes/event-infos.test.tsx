import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { currentPath, errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';
import { metrics, sessionOnEvent } from '../../../test/console-fixtures';

const stored = {
  ...fixtures.event(),
  startDate: '2026-10-12T08:00:00.000Z',
  endDate: '2026-10-14T18:00:00.000Z',
};

function api(answer: () => Response) {
  return mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, stored),
    'GET /api/automation/enrolmentMetrics': metrics({}),
    'PUT /api/events/3': answer,
  });
}

describe('/events/infos-{id}', () => {
  it('edits the selected event and keeps the stored time of a day left unchanged', async () => {
    const { calls } = api(() => json(200, { ...stored, name: 'Paris Expo 2027', venue: 'Hall 7' }));
    renderApp('/en/events/infos-3');
    const name = await screen.findByRole('textbox', { name: en.console.fields.name });
    expect(name).toHaveValue('Paris Expo 2026');
    expect(screen.getByLabelText(en.console.addEvent.startDate)).toHaveValue('2026-10-12');
    await userEvent.clear(name);
    await userEvent.type(name, 'Paris Expo 2027');
    await userEvent.clear(screen.getByLabelText(en.console.addEvent.endDate));
    await userEvent.type(screen.getByLabelText(en.console.addEvent.endDate), '2026-10-15');
    await userEvent.click(screen.getByRole('button', { name: en.console.eventInfo.submit }));
    expect(await screen.findByText(en.console.eventInfo.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: 'Paris Expo 2027',
      startDate: '2026-10-12T08:00:00.000Z',
      endDate: '2026-10-15T23:59:00Z',
      languages: ['fr', 'en'],
      status: 'published',
    });
  }, 20_000);

  it('shows localised errors and keeps every entry when the save is refused', async () => {
    const { calls } = api(() => errorResponse(400, 'errors.validation', { name: ['validation.tooLong'] }));
    renderApp('/en/events/infos-3');
    const name = await screen.findByRole('textbox', { name: en.console.fields.name });
    // refused before sending: the last day before the first
    await userEvent.clear(screen.getByLabelText(en.console.addEvent.endDate));
    await userEvent.type(screen.getByLabelText(en.console.addEvent.endDate), '2026-10-01');
    await userEvent.click(screen.getByRole('button', { name: en.console.eventInfo.submit }));
    expect(await screen.findByText(en.validation.dateOrder)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(screen.getByLabelText(en.console.addEvent.endDate));
    await userEvent.type(screen.getByLabelText(en.console.addEvent.endDate), '2026-10-20');
    await userEvent.clear(name);
    await userEvent.type(name, 'A name the server refuses');
    const venue = screen.getByRole('textbox', { name: en.dashboard.venue });
    await userEvent.clear(venue);
    await userEvent.type(venue, 'Hall 9');
    await userEvent.click(screen.getByRole('button', { name: en.console.eventInfo.submit }));
    // refused by the server: the message on its field, announced, and nothing typed is lost
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent(en.validation.tooLong);
    expect(name).toHaveValue('A name the server refuses');
    expect(venue).toHaveValue('Hall 9');
    expect(screen.getByLabelText(en.console.addEvent.endDate)).toHaveValue('2026-10-20');
    expect(screen.queryByText(en.console.eventInfo.saved)).not.toBeInTheDocument();
  }, 20_000);

  it('leads the old address to the selected event’s information, which the event menu links', async () => {
    api(() => json(200, stored));
    const { router } = renderApp('/en/events/infos');
    await waitFor(() => expect(currentPath(router)).toBe('/en/events/infos-3'));
    expect(await screen.findByRole('textbox', { name: en.console.fields.name })).toHaveValue(
      'Paris Expo 2026',
    );
    const menu = await screen.findByRole('navigation', { name: en.console.eventNav.label });
    expect(within(menu).getByRole('link', { name: en.console.eventNav.infos })).toHaveAttribute(
      'href',
      '/en/events/infos-3',
    );
  }, 20_000);

  it('asks to choose an event when none is selected', async () => {
    mockApi(fixtures.session());
    renderApp('/en/events/infos');
    expect(await screen.findByRole('link', { name: en.console.eventInfo.chooseEvent })).toBeInTheDocument();
  });
});

describe("/events/infos-{id}: the event's times and time zone", () => {
  it('sets the times and the zone, labelled, and shows them with the zone named', async () => {
    const saved = { ...stored, startTime: '10:00', endTime: '17:30', timeZone: 'Asia/Tokyo' };
    const { calls } = api(() => json(200, saved));
    renderApp('/en/events/infos-3');
    const opening = await screen.findByLabelText(en.console.addEvent.startTime, { exact: false });
    // the event has none yet: whole days, in the default zone
    expect(opening).toHaveValue('');
    const zone = screen.getByRole('combobox', { name: new RegExp(`^${en.console.addEvent.timeZone}`) });
    expect(zone).toHaveValue('Europe/Paris');
    expect(within(zone).getByRole('option', { name: /^Asia\/Tokyo \(UTC\+9\)$/ })).toBeInTheDocument();
    await userEvent.type(opening, '10:00');
    await userEvent.type(screen.getByLabelText(en.console.addEvent.endTime, { exact: false }), '17:30');
    await userEvent.selectOptions(zone, 'Asia/Tokyo');
    await userEvent.click(screen.getByRole('button', { name: en.console.eventInfo.submit }));
    expect(await screen.findByText(en.console.eventInfo.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      startDate: stored.startDate,
      startTime: '10:00',
      endTime: '17:30',
      timeZone: 'Asia/Tokyo',
    });
    // the event's header shows the saved times on the event's clock, whatever the reader's zone
    expect(await screen.findByText(/10:00 AM – 5:30 PM \(Japan (Standard )?Time\)/)).toBeInTheDocument();
  }, 20_000);

  it('fills the stored times, and sends an emptied one as none (a whole day)', async () => {
    const { calls } = mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, { ...stored, startTime: '09:00', endTime: '18:00' }),
      'GET /api/automation/enrolmentMetrics': metrics({}),
      'PUT /api/events/3': () => json(200, stored),
    });
    renderApp('/en/events/infos-3');
    const closing = await screen.findByLabelText(en.console.addEvent.endTime, { exact: false });
    expect(closing).toHaveValue('18:00');
    await userEvent.clear(closing);
    await userEvent.click(screen.getByRole('button', { name: en.console.eventInfo.submit }));
    expect(await screen.findByText(en.console.eventInfo.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ startTime: '09:00', endTime: null });
  }, 20_000);

  it('refuses, in the page language, a one-day event that closes before it opens and a zone the server refuses', async () => {
    const { calls } = mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, { ...stored, endDate: '2026-10-12T23:59:00.000Z' }),
      'GET /api/automation/enrolmentMetrics': metrics({}),
      'PUT /api/events/3': () =>
        errorResponse(400, 'errors.validation', { timeZone: ['validation.timeZone'] }),
    });
    renderApp('/jp/events/infos-3');
    const opening = await screen.findByLabelText(ja.console.addEvent.startTime, { exact: false });
    const closing = screen.getByLabelText(ja.console.addEvent.endTime, { exact: false });
    await userEvent.type(opening, '18:00');
    await userEvent.type(closing, '09:00');
    await userEvent.click(screen.getByRole('button', { name: ja.console.eventInfo.submit }));
    await waitFor(() => expect(closing).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(ja.validation.dateOrder)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(closing);
    await userEvent.type(closing, '19:00');
    await userEvent.click(screen.getByRole('button', { name: ja.console.eventInfo.submit }));
    const zone = screen.getByRole('combobox', { name: new RegExp(`^${ja.console.addEvent.timeZone}`) });
    await waitFor(() => expect(zone).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(ja.validation.timeZone)).toBeInTheDocument();
  }, 20_000);
});
