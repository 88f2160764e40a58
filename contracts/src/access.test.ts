import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isGuestOnlyPath, isPublicPath, safeReturnPath } from './access';

const prefixes = ['', '/en', '/jp'];
const withPrefixes = (paths: string[]) =>
  paths.flatMap((path) => prefixes.map((prefix) => (prefix && path === '/' ? prefix : `${prefix}${path}`)));

/** Spec section 2, "Public paths" and "Public patterns", one concrete path per pattern. */
const specPublic = [
  '/',
  '/auth/login',
  '/auth/forgot_password',
  '/auth/register',
  '/about',
  '/contact',
  '/events/result-page',
  '/events/result-page/success',
  '/events/result-page/error',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/privacy',
  '/terms',
  '/organizations/invite',
  '/public/anything',
  '/public/a/b/c',
  '/api/public/forms/12',
  '/events/12',
  '/events/participant-12',
  '/events/12/forms-3/participant',
  '/events/12/forms-3/b2b',
  '/events-salon/participant',
  '/events-salon/participant_osaka',
  '/events-salon/participant_fipdc',
  '/events-salon/participant_sipen',
  '/events-salon/participant_5km',
  '/events-salon/membre_delegation',
  '/events-salon/receptionist',
  '/events-salon/exposant',
  '/events-salon/agent_presse',
  '/events-salon/submitted/particapant',
  '/events-salon/submitted/b2b',
  '/events-salon/b2b-abc',
  '/events-salon/b2b-abc-def',
  '/events-salon/b2b_osaka-abc',
  '/events-salon/b2b_osaka-abc-yes',
  '/events-salon/b2b_sipen-abc',
  '/events-salon/b2b_sipen-abc-yes',
  '/events-salon/b2b-osaka-abc',
  '/activities-7',
  '/activities-7/forms-2/b2b',
  '/requests/some-token',
];

const protectedSample = [
  '/home',
  '/events',
  '/members',
  '/profile',
  '/profile/b2b',
  '/organizations/settings',
  '/organizations/collaborators-3',
  '/organizations/collaborators-3/4',
  '/events/dashboard-3',
  '/events/add-3',
  '/events/participants-3',
  '/events/forms-3',
  '/events/infos',
  '/events/infos-3',
  '/events/commission-2/projects',
  '/admin/features',
  '/analytics/reports',
  '/analytics/reports-7',
  '/auth/change_password',
  '/events/12/forms-3/other',
  '/events-salon/unknown-form',
  '/requests',
  '/requests/a/b',
  '/activities-7/other',
  '/publicity',
  '/api/private',
  '/aboutx',
];

describe('isPublicPath', () => {
  it.each(withPrefixes(specPublic))('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each(withPrefixes(protectedSample))('%s is protected', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  it('ignores a trailing slash on public paths', () => {
    expect(isPublicPath('/auth/login/')).toBe(true);
    expect(isPublicPath('/en/about/')).toBe(true);
  });

  it('does not treat a look-alike prefix as a locale', () => {
    expect(isPublicPath('/english/about')).toBe(false);
    expect(isPublicPath('/jpx/auth/login')).toBe(false);
  });
});

describe('isGuestOnlyPath', () => {
  it.each(withPrefixes(['/', '/auth/login', '/auth/register']))('%s is guest-only', (path) => {
    expect(isGuestOnlyPath(path)).toBe(true);
  });

  it.each(withPrefixes(['/home', '/about', '/auth/forgot_password']))('%s is not guest-only', (path) => {
    expect(isGuestOnlyPath(path)).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/events', '/events'],
    ['/en/events/dashboard-3', '/en/events/dashboard-3'],
    ['/jp/home?tab=2#top', '/jp/home?tab=2#top'],
    ['/events/../home', '/home'],
    ['/./events', '/events'],
  ])('keeps the local path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/home',
    '/\\evil.example',
    // normalised to `//evil.example` by a URL parser: an attack once found
    '/.//evil.example',
    '/./\\evil.example',
    '/x/..//evil.example',
    '/%2e//evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'https://evil.example/home',
    'http:/evil.example',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,hi',
    'evil.example',
    'home',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ho\u0000me',
    '',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (value) => {
    const result = safeReturnPath(value);
    // Either the fallback, or a path that stays on this origin (an encoded slash is just a path segment).
    const url = new URL(result, 'http://local.invalid');
    expect(url.origin).toBe('http://local.invalid');
    expect(result.startsWith('//')).toBe(false);
    expect(result.startsWith('/\\')).toBe(false);
    if (!value.startsWith('/%')) expect(result).toBe('/home');
  });

  it('answers a same-origin path with a single leading slash, already normalised, whatever the input', () => {
    const base = 'http://local.invalid';
    const pieces = fc.constantFrom(
      '/',
      '//',
      '.',
      '..',
      '\\',
      '%2e',
      '%2F',
      '%5C',
      ':',
      '@',
      '?',
      '#',
      'evil.example',
      'a',
    );
    const input = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      // local-looking paths built from the pieces that parsers normalise away
      fc.array(pieces, { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
    );
    fc.assert(
      fc.property(input, (value) => {
        const result = safeReturnPath(value);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//') || result.startsWith('/\\')).toBe(false);
        const url = new URL(result, base);
        expect(url.origin).toBe(base);
        // a fixed point: what a parser makes of it is itself, so no later normalisation changes its meaning
        expect(`${url.pathname}${url.search}${url.hash}`).toBe(result);
        expect(safeReturnPath(result)).toBe(result);
      }),
      // fc.webUrl is slow to generate: 600 runs take about 2 s alone, much more beside a loaded suite
      { numRuns: 600 },
    );
  }, 30_000);

  it('uses the given fallback and refuses non-strings', () => {
    expect(safeReturnPath('//evil.example', '/en/home')).toBe('/en/home');
    expect(safeReturnPath(null)).toBe('/home');
    expect(safeReturnPath(undefined)).toBe('/home');
    expect(safeReturnPath(42 as unknown as string)).toBe('/home');
  });
});
