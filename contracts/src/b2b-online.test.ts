import { describe, expect, it } from 'vitest';
import { type OnlineLinkMeeting, onlineLinkAction, onlineLinkPlan } from './b2b-online';

const meeting = (over: Partial<OnlineLinkMeeting> = {}): OnlineLinkMeeting => ({
  requestId: 1,
  uid: 'b2b-7-1@evt',
  sequence: 0,
  status: 'scheduled',
  slotId: 's1',
  start: '2027-03-10T09:00:00+01:00',
  end: '2027-03-10T09:30:00+01:00',
  fromName: 'Atlas',
  toName: 'Sahel',
  link: null,
  ...over,
});
const meet = (slotId = 's1', url: string | null = 'https://meet.google.com/abc') => ({
  platform: 'google_meet' as const,
  ref: 'b2babc',
  url,
  slotId,
});
const published = { published: true, platform: 'google_meet' as const };

describe('what a link run does for one online meeting', () => {
  it('makes nothing before the publication, and deletes what exists if the programme is not published', () => {
    expect(onlineLinkAction({ ...published, published: false }, meeting())).toBeNull();
    expect(onlineLinkAction({ ...published, published: false }, meeting({ link: meet() }))).toBe('delete');
  });

  it('creates a missing link, leaves a made one alone', () => {
    expect(onlineLinkAction(published, meeting())).toBe('create');
    expect(onlineLinkAction(published, meeting({ link: meet() }))).toBeNull();
    // held and no-show meetings keep their link
    expect(onlineLinkAction(published, meeting({ status: 'held', link: meet() }))).toBeNull();
  });

  it('moves a link made for another slot, reads again a conference Google was preparing', () => {
    expect(onlineLinkAction(published, meeting({ slotId: 's2', link: meet('s1') }))).toBe('move');
    expect(onlineLinkAction(published, meeting({ link: meet('s1', null) }))).toBe('finish');
  });

  it('deletes the link of a cancelled meeting, and makes none for it', () => {
    expect(onlineLinkAction(published, meeting({ status: 'cancelled', link: meet() }))).toBe('delete');
    expect(onlineLinkAction(published, meeting({ status: 'cancelled' }))).toBeNull();
  });

  it('replaces a link made on the other platform', () => {
    expect(onlineLinkAction({ ...published, platform: 'zoom' }, meeting({ link: meet() }))).toBe('replace');
  });

  it('plans only the meetings with something to do', () => {
    const plan = onlineLinkPlan({
      ...published,
      meetings: [
        meeting(),
        meeting({ requestId: 2, link: meet() }),
        meeting({ requestId: 3, status: 'cancelled' }),
      ],
    });
    expect(plan.map((p) => [p.meeting.requestId, p.action])).toEqual([[1, 'create']]);
  });
});
