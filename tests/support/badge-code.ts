/**
 * A badge code with its last digit changed, so that its signature no longer matches: always a different
 * digit (replacing it by a fixed one leaves the code valid whenever it already ended with that digit).
 */
export function alteredBadgeCode(code: string): string {
  return `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
}
