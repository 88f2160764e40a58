import { describe, expect, it } from 'vitest';
import { backgroundRequestIds } from './background-request-id';

describe('backgroundRequestIds', () => {
  it('numbers each kind on its own, under the one jobs- prefix that tells background calls apart', () => {
    const badges = backgroundRequestIds('badges');
    const links = backgroundRequestIds('b2b-links');
    expect([badges(), badges(), links()]).toEqual([
      `jobs-badges-${process.pid}-1`,
      `jobs-badges-${process.pid}-2`,
      `jobs-b2b-links-${process.pid}-1`,
    ]);
  });
});
