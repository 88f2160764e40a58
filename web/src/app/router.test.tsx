import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import ja from '../../../locales/ja.json';
import { currentPath, errorResponse, fixtures, json, mockApi, renderApp } from '../test/render-app';

describe('locale resolution at /', () => {
  it('sends a visitor whose browser prefers English to /en', async () => {
    mockApi(null);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: en.landing.title })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('prefers the locale cookie over the browser language', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie a previous visit would have set
    document.cookie = 'locale=jp; Path=/';
    mockApi(null);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: ja.landing.title })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/jp');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('keeps unprefixed pages other than / in French', async () => {
    mockApi(null);
    const { router } = renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: fr.pages.about.title })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/about');
  });
});

describe('access rules', () => {
  it('sends a signed-out visit to a protected page to login with the return path', async () => {
    mockApi(null);
    const { router } = renderApp('/en/events?tab=1');
    expect(await screen.findByRole('button', { name: en.auth.login.submit })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/en/auth/login?redirect=${encodeURIComponent('/en/events?tab=1')}`);
  });

  it('keeps the French prefix-less login for a French protected page', async () => {
    mockApi(null);
    const { router } = renderApp('/home');
    expect(await screen.findByRole('button', { name: fr.auth.login.submit })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth/login?redirect=%2Fhome');
  });

  it('sends a signed-in user away from the guest pages to /home', async () => {
    mockApi(fixtures.session(), { 'GET /api/organizations': json(200, { data: [fixtures.organization()] }) });
    const { router } = renderApp('/en/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: en.home.title })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/en/home');
  });

  it('goes to login when an API call answers 401 during the session', async () => {
    mockApi(fixtures.session(), { 'GET /api/organizations': errorResponse(401, 'errors.sessionExpired') });
    const { router } = renderApp('/en/home');
    expect(await screen.findByRole('button', { name: en.auth.login.submit })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/en/auth/login?redirect=%2Fen%2Fhome');
  });
});

describe('404 pages', () => {
  it('shows the non-fatal message inside the layout for an unmatched route', async () => {
    mockApi(fixtures.session());
    renderApp('/en/nowhere');
    expect(await screen.findByText('Page not found: /en/nowhere')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: en.layout.mainNav })).toBeInTheDocument();
  });

  it('shows the fatal message when a page fails its validity check', async () => {
    mockApi(fixtures.session());
    renderApp('/en/events/dashboard-abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /en/events/dashboard-abc')).toBeInTheDocument();
  });

  it.each([
    '/events/dashboard-0',
    '/en/events/commission-12abc',
    '/jp/events/commission-x/projects',
    '/en/activities-01',
  ])('fails the validity check of a named page with a bad id: %s', async (path) => {
    mockApi(fixtures.session());
    renderApp(path);
    // the error page of every language shows the code (its texts are localised)
    expect(await screen.findByText('404')).toBeInTheDocument();
  });

  it.each(['/en/events/nothing-12', '/en/events/events-12/projects', '/en/whatever-12'])(
    'shows the non-fatal message for an unknown named page: %s',
    async (path) => {
      mockApi(fixtures.session());
      renderApp(path);
      expect(await screen.findByText(`Page not found: ${path}`)).toBeInTheDocument();
    },
  );

  it('localises the 404 texts', async () => {
    mockApi(fixtures.session());
    renderApp('/nulle-part');
    expect(
      await screen.findByText(fr.pages.notFound.message.replace('{{path}}', '/nulle-part')),
    ).toBeInTheDocument();
  });
});

describe('login form', () => {
  it('announces the validation messages and marks the fields invalid', async () => {
    mockApi(null);
    renderApp('/en/auth/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.auth.login.submit }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      en.validation.required,
      en.validation.required,
    ]);
    const email = screen.getByLabelText(en.auth.fields.email, { exact: false });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(en.validation.required);
    expect(email).toHaveFocus();
  });

  it('shows the server error for wrong credentials', async () => {
    mockApi(null, { 'POST /api/auth/login': errorResponse(401, 'errors.invalidCredentials') });
    renderApp('/en/auth/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(en.auth.fields.email, { exact: false }), 'ada@example.org');
    await user.type(screen.getByLabelText(en.auth.fields.password, { exact: false }), 'wrong-password');
    await user.click(screen.getByRole('button', { name: en.auth.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.invalidCredentials);
  });

  it('signs in with the CSRF header and goes back to the page asked for', async () => {
    const session = fixtures.session();
    const { calls } = mockApi(null, {
      'POST /api/auth/login': json(200, session),
      'GET /api/organizations': json(200, { data: [fixtures.organization()] }),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/organizations/1/events': json(200, { data: [fixtures.event()] }),
    });
    const { router } = renderApp(`/en/auth/login?redirect=${encodeURIComponent('/en/events')}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(en.auth.fields.email, { exact: false }), 'Ada@Example.org');
    await user.type(screen.getByLabelText(en.auth.fields.password, { exact: false }), 'correct horse');
    await user.click(screen.getByRole('button', { name: en.auth.login.submit }));
    expect(await screen.findByRole('button', { name: 'Paris Expo 2026' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/en/events');
    const login = calls.find((call) => call.path === '/api/auth/login');
    expect(login?.body).toEqual({ email: 'ada@example.org', password: 'correct horse' });
    expect(login?.headers.get('x-requested-with')).toBe('evt-spa');
  });

  it.each(['//evil.example/x', '/.//evil.example/x'])(
    'refuses the external return path %j',
    async (target) => {
      mockApi(null, {
        'POST /api/auth/login': json(200, fixtures.session()),
        'GET /api/organizations': json(200, { data: [] }),
      });
      const { router } = renderApp(`/en/auth/login?redirect=${encodeURIComponent(target)}`);
      const user = userEvent.setup();
      await user.type(
        await screen.findByLabelText(en.auth.fields.email, { exact: false }),
        'ada@example.org',
      );
      await user.type(screen.getByLabelText(en.auth.fields.password, { exact: false }), 'correct horse');
      await user.click(screen.getByRole('button', { name: en.auth.login.submit }));
      await waitFor(() => expect(currentPath(router)).toBe('/en/home'));
    },
  );
});
