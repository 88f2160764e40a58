// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseRouteId, splitNamedSegment } from './route-id';

describe('route ids', () => {
  it('reads positive integers of at most ten digits', () => {
    expect(parseRouteId('1')).toBe(1);
    expect(parseRouteId('9999999999')).toBe(9_999_999_999);
    for (const bad of [undefined, '', '0', '01', '-1', '1.5', '1e3', '12345678901', ' 1', '1a'])
      expect(parseRouteId(bad)).toBeNull();
  });

  it('splits `{name}-{rest}` at the first dash', () => {
    expect(splitNamedSegment('participants_osaka-12')).toEqual({ name: 'participants_osaka', rest: '12' });
    expect(splitNamedSegment('dashboard-1-2')).toEqual({ name: 'dashboard', rest: '1-2' });
    expect(splitNamedSegment('dashboard')).toBeNull();
    expect(splitNamedSegment('Dashboard-1')).toBeNull();
  });
});
