import { describe, expect, it } from 'vitest';
import { accepted } from './public-registrations';
import { eventFormBody, formLimitsBody } from './upstream-automation';

/** A form's registration limits as the organiser sends them (docs/decisions/registration.md). */
describe('a form’s registration limits', () => {
  const base = { kind: 'participant', title: 'Participants' };

  it('keeps each limit that is not sent, and clears one sent as null', () => {
    expect(eventFormBody.parse(base)).not.toHaveProperty('capacity');
    expect(eventFormBody.parse({ ...base, capacity: null, closesAt: null })).toMatchObject({
      capacity: null,
      closesAt: null,
    });
    expect(
      formLimitsBody.parse({
        capacity: 0,
        closesAt: '2027-03-01T18:00:00+01:00',
        waitlist: true,
        promotionHours: 720,
      }),
    ).toEqual({ capacity: 0, closesAt: '2027-03-01T18:00:00+01:00', waitlist: true, promotionHours: 720 });
  });

  it.each([
    ['a negative capacity', { capacity: -1 }, 'capacity', 'validation.wholeNumber'],
    ['a fractional capacity', { capacity: 2.5 }, 'capacity', 'validation.wholeNumber'],
    ['no hours to confirm', { promotionHours: 0 }, 'promotionHours', 'validation.wholeNumber'],
    ['more than a month to confirm', { promotionHours: 721 }, 'promotionHours', 'validation.wholeNumber'],
    ['a date without its offset', { closesAt: '2027-03-01T18:00' }, 'closesAt', 'validation.invalidInput'],
    ['a waiting list that is not a yes or no', { waitlist: 'yes' }, 'waitlist', 'validation.invalidInput'],
  ])('refuses %s with an i18n key on its field', (_name, limits, field, key) => {
    const result = eventFormBody.safeParse({ ...base, ...limits });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(key);
  });

  it('answers a waiting visitor with its place, and nothing else', () => {
    expect(accepted.parse({ status: 'waitlisted', email: 'j***@example.org', place: 3 })).toEqual({
      status: 'waitlisted',
      email: 'j***@example.org',
      place: 3,
    });
    expect(accepted.safeParse({ status: 'waitlisted', email: 'x', place: 0 }).success).toBe(false);
    expect(accepted.safeParse({ status: 'registered', email: 'x' }).success).toBe(false);
  });
});
