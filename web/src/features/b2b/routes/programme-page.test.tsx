import type { ProgrammeSettings } from '@evt/contracts/b2b';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';
import { programmeView } from '../test/programme-view';

describe('the programme page’s settings', () => {
  it('says they are saved, once the page holds the saved settings', async () => {
    let view = programmeView();
    mockApi(fixtures.session(), {
      'GET /api/events/7': json(200, fixtures.event(7)),
      'GET /api/events/7/b2b': () => json(200, view),
      'PUT /api/events/7/b2b/settings': ({ body }) => {
        // the saved settings come back on the next read, as the BFF's would
        view = { ...view, settings: body as ProgrammeSettings };
        return json(200, view);
      },
    });
    renderApp('/en/events/b2b-7');
    const quota = await screen.findByLabelText(en.b2b.programme.settings.meetingQuota);
    await userEvent.clear(quota);
    await userEvent.type(quota, '9');
    await userEvent.click(screen.getByRole('button', { name: en.b2b.programme.settings.save }));
    expect(await screen.findByText(en.b2b.programme.settings.saved)).toBeInTheDocument();
    expect(view.settings.meetingQuota).toBe(9);
    expect(screen.getByLabelText(en.b2b.programme.settings.meetingQuota)).toHaveValue(9);
  });
});

describe('publishing online meetings without Google connected', () => {
  const online = programmeView({
    publishedAt: null,
    meetings: [
      {
        requestId: 4,
        slotId: '2027-03-10T10:00',
        tableId: null,
        tableName: null,
        fromId: 1,
        toId: 2,
        fromName: 'Atlas',
        toName: 'Kobe',
        status: 'scheduled',
        online: true,
        mustMeet: false,
        onlineUrl: null,
      },
    ],
  });
  const serve = (status: 'none' | 'connected') => {
    let published = false;
    mockApi(fixtures.session(), {
      'GET /api/events/7': json(200, fixtures.event(7)),
      'GET /api/events/7/b2b': json(200, online),
      'GET /api/google/connection': json(200, { status, email: null, demo: true }),
      'POST /api/events/7/b2b/publish': () => {
        published = true;
        return json(200, online);
      },
    });
    return () => published;
  };

  it('warns before publishing, with the way to connect, and publishes only when told to', async () => {
    const published = serve('none');
    renderApp('/en/events/b2b-7');
    await userEvent.click(await screen.findByRole('button', { name: en.b2b.programme.actions.publish }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      await within(dialog).findByText(en.b2b.programme.actions.noGoogle_one.replace('{{count}}', '1')),
    ).toBeInTheDocument();
    const connect = within(dialog).getByRole('link', { name: en.b2b.programme.actions.connectGoogle });
    expect(connect.getAttribute('href')).toBe(
      `/api/google/connect?returnTo=${encodeURIComponent('/en/events/b2b-7')}`,
    );
    expect(published()).toBe(false);
    await userEvent.click(
      within(dialog).getByRole('button', { name: en.b2b.programme.actions.publishWithoutLinks }),
    );
    await waitFor(() => expect(published()).toBe(true));
  });

  it('says nothing more when Google is connected', async () => {
    serve('connected');
    renderApp('/en/events/b2b-7');
    await userEvent.click(await screen.findByRole('button', { name: en.b2b.programme.actions.publish }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      await within(dialog).findByRole('button', { name: en.b2b.programme.actions.publish }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(en.b2b.programme.actions.noGoogleTitle)).toBeNull();
  });
});
