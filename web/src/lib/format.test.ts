import { describe, expect, it } from 'vitest';
import { formatEventWhen } from './format';
import { messagesIn } from './i18n/i18n';

const days = { startDate: '2027-03-10T00:00:00.000Z', endDate: '2027-03-12T23:59:00.000Z' };
const clockOf = (locale: string, time: string) =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`2027-03-10T${time}:00Z`),
  );

describe("an event's days and times, as every page shows them", () => {
  it('shows whole days as the days they name, with no zone', async () => {
    const t = await messagesIn('en');
    // the stored days are midnight UTC: never read in the browser's zone, which could give the day before
    const text = formatEventWhen('en', days, t);
    expect(text).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
        new Date(days.startDate),
        new Date(days.endDate),
      ),
    );
    expect(text).toContain('10');
    expect(text).toContain('12');
  });

  it('adds the times on the event clock with the zone named, in each language', async () => {
    const event = { ...days, startTime: '09:00', endTime: '18:00', timeZone: 'Asia/Tokyo' };
    for (const locale of ['fr', 'en', 'ja'] as const) {
      const t = await messagesIn(locale);
      const text = formatEventWhen(locale, event, t);
      expect(text).toContain(
        t('eventTimes.range', { start: clockOf(locale, '09:00'), end: clockOf(locale, '18:00') }),
      );
      const zone = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Tokyo', timeZoneName: 'longGeneric' })
        .formatToParts(new Date(days.startDate))
        .find((p) => p.type === 'timeZoneName')?.value;
      expect(text).toContain(zone);
    }
  });

  it('says "from" or "until" when only one time is known', async () => {
    const t = await messagesIn('en');
    expect(formatEventWhen('en', { ...days, startTime: '09:30', timeZone: 'Europe/Paris' }, t)).toContain(
      t('eventTimes.from', { time: clockOf('en', '09:30') }),
    );
    expect(formatEventWhen('en', { ...days, endTime: '17:00', timeZone: 'Europe/Paris' }, t)).toContain(
      t('eventTimes.until', { time: clockOf('en', '17:00') }),
    );
  });
});
