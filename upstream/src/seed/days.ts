/** The demo's dates are counted in days from the moment it is seeded, so it always looks current. */
export function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 24 * 3_600_000);
}
