import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';
import { programmeView } from '../test/programme-view';

// Atlas asked Kobe (still unanswered) and Nara (no common slot); Osaka asked for nothing
const view = programmeView({
  unplaced: [
    {
      requestId: 1,
      fromId: 11,
      toId: 12,
      fromName: 'Atlas',
      toName: 'Kobe',
      reason: 'awaiting_answer',
      mustMeet: false,
    },
    {
      requestId: 2,
      fromId: 11,
      toId: 13,
      fromName: 'Atlas',
      toName: 'Nara',
      reason: 'no_common_slot',
      mustMeet: false,
    },
  ],
  shortfalls: [
    {
      companyId: 11,
      companyName: 'Atlas',
      asked: 2,
      placed: 0,
      missing: [
        {
          requestId: 1,
          fromId: 11,
          toId: 12,
          fromName: 'Atlas',
          toName: 'Kobe',
          reason: 'awaiting_answer',
          mustMeet: false,
        },
        {
          requestId: 2,
          fromId: 11,
          toId: 13,
          fromName: 'Atlas',
          toName: 'Nara',
          reason: 'no_common_slot',
          mustMeet: false,
        },
      ],
    },
    { companyId: 14, companyName: 'Osaka Trade', asked: 0, placed: 0, missing: [] },
  ],
});
view.figures = { ...view.figures, minMeetings: 0, minCompanies: ['Atlas', 'Osaka Trade'] };

const serve = () =>
  mockApi(fixtures.session(), {
    'GET /api/events/7': json(200, fixtures.event(7)),
    'GET /api/events/7/b2b': json(200, view),
  });

describe('the scheduler’s result on the programme page', () => {
  it('names each company left short and why, and who has the fewest meetings', async () => {
    serve();
    renderApp('/en/events/b2b-7');
    const short = await screen.findByRole('region', { name: en.b2b.programme.shortfalls.title });
    expect(within(short).getByText(/^Atlas: 0 of 2 meetings asked for/)).toBeInTheDocument();
    expect(within(short).getByText(`with Kobe: ${en.b2bMatch.unplaced.awaiting_answer}`)).toBeInTheDocument();
    expect(within(short).getByText(`with Nara: ${en.b2bMatch.unplaced.no_common_slot}`)).toBeInTheDocument();
    expect(
      within(short).getByText('Osaka Trade: no request sent or received, so no meeting'),
    ).toBeInTheDocument();
    // the request still waiting for its answer is among those without a meeting, not "every request placed"
    const left = screen.getByRole('region', { name: en.b2b.programme.unplaced.title });
    expect(within(left).queryByText(en.b2b.programme.unplaced.none)).toBeNull();
    expect(within(left).getByText(/Atlas → Kobe/)).toHaveTextContent(en.b2bMatch.unplaced.awaiting_answer);
    expect(screen.getByText('0 (Atlas and Osaka Trade)')).toBeInTheDocument();
  });

  it('says it in Japanese', async () => {
    serve();
    renderApp('/jp/events/b2b-7');
    const short = await screen.findByRole('region', { name: ja.b2b.programme.shortfalls.title });
    expect(
      within(short).getByText(`Kobeとの商談：${ja.b2bMatch.unplaced.awaiting_answer}`),
    ).toBeInTheDocument();
  });
});
