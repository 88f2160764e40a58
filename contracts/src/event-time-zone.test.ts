import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  timeOfDayField,
  timeZoneField,
  utcOffset,
  zonedDateTime,
  zonedInstant,
} from './event-time-zone';
import { createEventBody, updateEventBody } from './upstream-events';

const body = {
  organization: 1,
  name: 'Salon',
  startDate: '2027-03-10T00:00:00Z',
  endDate: '2027-03-12T23:59:00Z',
};

describe("an event's time zone", () => {
  it('accepts the IANA zones and UTC, and another name of a listed zone', () => {
    for (const zone of ['Europe/Paris', 'Asia/Tokyo', 'America/New_York', 'UTC']) {
      expect(isTimeZone(zone)).toBe(true);
    }
    // listed under one name or the other depending on the runtime's ICU
    expect(isTimeZone('Europe/Kyiv') && isTimeZone('Europe/Kiev')).toBe(true);
  });

  it('refuses what is not a zone, with the localised key', () => {
    for (const zone of ['Paris', 'Europe/Atlantis', '', '+01:00', 'CET; DROP TABLE']) {
      const result = timeZoneField().safeParse(zone);
      expect(result.success, zone).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.timeZone');
    }
  });

  it('defaults to Paris and whole days on an event that says nothing', () => {
    const parsed = createEventBody.parse(body);
    expect(parsed).toMatchObject({ timeZone: 'Europe/Paris', startTime: null, endTime: null });
  });

  it('takes HH:MM times and refuses others, with the localised key', () => {
    expect(timeOfDayField().parse('09:00')).toBe('09:00');
    expect(timeOfDayField().parse(null)).toBeNull();
    for (const time of ['9:00', '24:00', '09:60', '09:00:00', 'noon']) {
      expect(timeOfDayField().safeParse(time).error?.issues[0]?.message, time).toBe('validation.timeOfDay');
    }
  });

  it('refuses a one-day event that closes before it opens, not one of several days', () => {
    const oneDay = { ...body, endDate: '2027-03-10T23:59:00Z', timeZone: 'Asia/Tokyo' };
    const refused = updateEventBody.safeParse({ ...oneDay, startTime: '18:00', endTime: '09:00' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['endDate'], message: 'validation.dateOrder' });
    expect(updateEventBody.safeParse({ ...oneDay, startTime: '09:00', endTime: '18:00' }).success).toBe(true);
    expect(createEventBody.safeParse({ ...body, startTime: '18:00', endTime: '09:00' }).success).toBe(true);
  });
});

describe('the instant of a wall-clock time in a zone', () => {
  it.each([
    ['2027-01-15', '09:00', 'Europe/Paris', '2027-01-15T08:00:00.000Z'],
    ['2027-07-15', '09:00', 'Europe/Paris', '2027-07-15T07:00:00.000Z'],
    ['2027-07-15', '09:00', 'Asia/Tokyo', '2027-07-15T00:00:00.000Z'],
    ['2027-07-15', '08:00', 'Asia/Tokyo', '2027-07-14T23:00:00.000Z'],
    ['2027-07-15', '20:00', 'America/New_York', '2027-07-16T00:00:00.000Z'],
    ['2027-07-15', '09:00', 'Asia/Kolkata', '2027-07-15T03:30:00.000Z'],
    // the morning Paris moves to summer time: 02:30 does not exist, 03:30 is after the change
    ['2027-03-28', '03:30', 'Europe/Paris', '2027-03-28T01:30:00.000Z'],
  ])('%s %s in %s is %s', (day, time, zone, instant) => {
    expect(zonedInstant(day, time, zone).toISOString()).toBe(instant);
  });

  it('writes the offset the same everywhere', () => {
    expect(utcOffset(new Date('2027-07-15T12:00:00Z'), 'Europe/Paris')).toBe('UTC+2');
    expect(utcOffset(new Date('2027-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffset(new Date('2027-07-15T12:00:00Z'), 'America/Sao_Paulo')).toBe('UTC−3');
    expect(utcOffset(new Date('2027-07-15T12:00:00Z'), 'UTC')).toBe('UTC');
  });
});

describe('a wall-clock time written with its zone’s offset (the B2B programme’s slots)', () => {
  it('carries the offset of that day in that zone, summer time and half hours included', () => {
    expect(zonedDateTime('2026-06-04', '13:30', 'Europe/Paris')).toBe('2026-06-04T13:30:00+02:00');
    expect(zonedDateTime('2026-12-04', '13:30', 'Europe/Paris')).toBe('2026-12-04T13:30:00+01:00');
    expect(zonedDateTime('2026-06-04', '13:30', 'Asia/Tokyo')).toBe('2026-06-04T13:30:00+09:00');
    expect(zonedDateTime('2026-06-04', '09:00', 'Asia/Kolkata')).toBe('2026-06-04T09:00:00+05:30');
    expect(zonedDateTime('2026-01-15', '09:00', 'America/New_York')).toBe('2026-01-15T09:00:00-05:00');
    // the instant it names is the one zonedInstant finds, on the day Paris moves its clocks too
    for (const [day, time] of [
      ['2026-03-29', '03:30'],
      ['2026-10-25', '02:30'],
    ] as const)
      expect(Date.parse(zonedDateTime(day, time, 'Europe/Paris'))).toBe(
        zonedInstant(day, time, 'Europe/Paris').getTime(),
      );
  });
});
