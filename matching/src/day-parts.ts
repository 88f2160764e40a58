/**
 * The parts of the day a company says it is available in, defined once for the score, its reasons and the
 * scheduler's slots: morning before 12:00, afternoon from 12:00 to 18:00, evening from 18:00. "Full day"
 * is the working day, morning and afternoon (not the evening); a company that ticks nothing is available
 * at any time.
 */
export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

const BITS: Record<string, number> = { morning: 1, afternoon: 2, evening: 4, full_day: 1 | 2 };
const ANY_TIME = 7;

/** The parts of the day named by a company's time slots, as bits (1 morning, 2 afternoon, 4 evening). */
export function dayPartBits(timeSlots: readonly string[]): number {
  let bits = 0;
  for (const slot of timeSlots) bits |= BITS[slot] ?? 0;
  return bits === 0 ? ANY_TIME : bits;
}

/** The part of the day a time (minutes after midnight, local) falls in, as its bit. */
export function dayPartBitAt(minutes: number): number {
  return minutes < 12 * 60 ? 1 : minutes < 18 * 60 ? 2 : 4;
}
