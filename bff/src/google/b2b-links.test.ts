import { describe, expect, it } from 'vitest';
import { googleEventIdOf, zoomKeyOf } from './b2b-links';

describe('the ids a link run derives from a B2B meeting', () => {
  const m = { uid: 'b2b-7-12@evt', sequence: 3 };

  it('gives the same Calendar event id and Zoom key for the same meeting and sequence', () => {
    expect(googleEventIdOf(m)).toBe(googleEventIdOf({ ...m }));
    expect(zoomKeyOf(m)).toBe('b2b-7-12@evt:3');
  });

  it('gives another for another sequence or meeting (a cancelled then restored meeting gets a new event)', () => {
    expect(googleEventIdOf({ ...m, sequence: 4 })).not.toBe(googleEventIdOf(m));
    expect(googleEventIdOf({ uid: 'b2b-71-2@evt', sequence: 3 })).not.toBe(googleEventIdOf(m));
  });

  it('is a valid Google event id (base32hex, 5 to 1024 characters)', () => {
    expect(googleEventIdOf(m)).toMatch(/^[a-v0-9]{5,1024}$/);
  });
});
