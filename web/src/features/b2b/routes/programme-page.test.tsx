import type { ProgrammeSettings } from '@evt/contracts/b2b';
import { screen } from '@testing-library/react';
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
