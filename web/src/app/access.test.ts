// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginPath } from './access';

const base = 'http://app.invalid';
const returnPathOf = (path: string) => new URL(path, base).searchParams.get('redirect') ?? '';

describe('loginPath', () => {
  it('keeps a local return path, normalised', () => {
    expect(returnPathOf(loginPath('en', '/en/events/./x?tab=1'))).toBe('/en/events/x?tab=1');
  });

  it.each(['/.//evil.example/x', '//evil.example', '/x/..//evil.example', '/\\evil.example'])(
    'never writes a return path that leaves the site: %j',
    (returnTo) => {
      expect(returnPathOf(loginPath('en', returnTo))).toBe('/en/home');
    },
  );

  it('carries, whatever the visited path, a return path that a URL parser keeps on this origin', () => {
    const pieces = fc.constantFrom('/', '.', '..', '\\', '%2e', 'evil.example', '?', '#', 'a');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 10 }), (parts) => {
        const returnTo = returnPathOf(loginPath('ja', `/${parts.join('')}`));
        expect(returnTo.startsWith('/')).toBe(true);
        expect(returnTo.startsWith('//') || returnTo.startsWith('/\\')).toBe(false);
        expect(new URL(returnTo, base).origin).toBe(base);
      }),
      { numRuns: 1000 },
    );
  });
});
