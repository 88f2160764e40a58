import { describe, expect, it } from 'vitest';
import { googleEventIdOf, zoomKeyOf } from './b2b-links';

describe('the ids a link run derives from a B2B meeting', () => {
  const m = { uid: 'b2b-7-12@evt', sequence: 3, start: '2027-03-10T09:00:00+01:00' };

  it('gives the same Calendar event id for the same meeting and sequence, the same Zoom key at the same time', () => {
    expect(googleEventIdOf(m)).toBe(googleEventIdOf({ ...m }));
    expect(zoomKeyOf(m)).toBe('b2b-7-12@evt:1804665600000');
    // a new link that is news for mailed companies grows the sequence: the same Zoom meeting still
    const later = { ...m, sequence: 4 };
    expect(zoomKeyOf(later)).toBe(zoomKeyOf(m));
    expect(zoomKeyOf({ ...m, start: '2027-03-10T09:30:00+01:00' })).not.toBe(zoomKeyOf(m));
  });

  it('gives a Zoom key the webhook takes (letters, digits and . : @ - only)', () => {
    expect(zoomKeyOf(m)).toMatch(/^[\w.:@-]{1,200}$/);
  });

  it('gives another for another sequence or meeting (a cancelled then restored meeting gets a new event)', () => {
    expect(googleEventIdOf({ ...m, sequence: 4 })).not.toBe(googleEventIdOf(m));
    expect(googleEventIdOf({ uid: 'b2b-71-2@evt', sequence: 3 })).not.toBe(googleEventIdOf(m));
  });

  it('is a valid Google event id (base32hex, 5 to 1024 characters)', () => {
    expect(googleEventIdOf(m)).toMatch(/^[a-v0-9]{5,1024}$/);
  });
});
