import { user } from '@evt/contracts/auth';
import { tokenResponse } from '@evt/contracts/upstream-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER } from '../seed/demo';
import { startTestUpstream, type TestUpstream } from '../test-helpers';

let up: TestUpstream;
beforeAll(async () => {
  up = await startTestUpstream();
});
afterAll(() => up?.close());

const codeOf = (link: string) => new URL(link).searchParams.get('code') ?? '';

describe('login, userinfo, logout', () => {
  it('logs the demo organiser in and answers userinfo with the contract shape', async () => {
    const res = await up.call('/auth/login', {
      method: 'POST',
      json: { email: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password },
    });
    expect(res.status).toBe(200);
    const body = tokenResponse.parse(await res.json());
    expect(body.expires_in).toBe(3600);
    expect(Buffer.from(body.access_token, 'base64url')).toHaveLength(32);
    const info = await up.call('/auth/userinfo', { token: body.access_token });
    expect(info.status).toBe(200);
    const me = user.parse(await info.json());
    expect(me).toMatchObject({ email: DEMO_ORGANISER.email, firstName: 'Camille', emailVerified: true });
  });

  it('refuses a wrong password, an unknown user, a missing or bogus token', async () => {
    for (const json of [
      { email: DEMO_ORGANISER.email, password: 'nope-nope' },
      { email: 'nobody@demo.example', password: 'whatever1' },
    ]) {
      const res = await up.call('/auth/login', { method: 'POST', json });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_credentials' } });
    }
    expect((await up.call('/auth/userinfo')).status).toBe(401);
    expect((await up.call('/auth/userinfo', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('answers 400 with the paths of invalid fields', async () => {
    const res = await up.call('/auth/login', { method: 'POST', json: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; details: { fieldErrors: Record<string, string[]> } };
    };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.details.fieldErrors).sort()).toEqual(['email', 'password']);
  });

  it('revokes the token at logout', async () => {
    const token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
    expect((await up.call('/user/logout', { token })).status).toBe(204);
    expect((await up.call('/auth/userinfo', { token })).status).toBe(401);
  });

  it('expires tokens after their lifetime', async () => {
    const short = await startTestUpstream({ tokenTtlSeconds: 1 });
    try {
      const token = await short.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
      expect((await short.call('/auth/userinfo', { token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
      expect((await short.call('/auth/userinfo', { token })).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('registration and e-mail verification', () => {
  const account = {
    firstName: 'Aiko',
    lastName: 'Tanaka',
    email: 'Aiko.Tanaka@Example.com',
    password: 'correct horse battery',
    locale: 'ja',
    redirect_uri: 'http://localhost:3000/jp/verify-email',
  };

  it('creates the account, mails a link, refuses login until the link is used', async () => {
    const res = await up.call('/user/addUser', { method: 'POST', json: account });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ email: 'aiko.tanaka@example.com' });
    expect((await up.call('/user/addUser', { method: 'POST', json: account })).status).toBe(409);

    const login = () =>
      up.call('/auth/login', { method: 'POST', json: { email: account.email, password: account.password } });
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'email_not_verified' } });

    const mail = (await up.outbox()).find(
      (m) => m.to === 'aiko.tanaka@example.com' && m.subject === 'メールアドレスの確認',
    );
    const link = mail?.links[0] ?? '';
    expect(link.startsWith('http://localhost:3000/jp/verify-email?code=')).toBe(true);

    const code = codeOf(link);
    expect((await up.call(`/user/verifyEmail/${code}`, { method: 'POST' })).status).toBe(204);
    expect((await up.call(`/user/verifyEmail/${code}`, { method: 'POST' })).status).toBe(400);
    expect((await login()).status).toBe(200);
  });
});

describe('sign-up with an address that has an account', () => {
  it('answers 409 to the server, changes nothing and mails the owner in their language', async () => {
    const res = await up.call('/user/addUser', {
      method: 'POST',
      json: {
        firstName: 'Someone',
        lastName: 'Else',
        email: DEMO_ORGANISER.email,
        password: 'another password 123',
        locale: 'ja',
        redirect_uri: 'http://localhost:3000/jp/verify-email',
      },
    });
    expect(res.status).toBe(409);
    const mail = (await up.outbox()).find((m) => m.to === DEMO_ORGANISER.email);
    // the demo organiser's account is French: the mail is, whatever the language of the attempt
    expect(mail?.subject).toBe('Tentative de création de compte avec votre adresse');
    expect(mail?.text).toContain('Bonjour Camille');
    expect(mail?.links).toContain('http://localhost:3000/auth/login');
    await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  });
});

describe('password reset', () => {
  const reset = (email: string) =>
    up.call(`/user/sendPasswordResetMail/${encodeURIComponent(email)}`, {
      method: 'POST',
      json: {
        actions: ['UPDATE_PASSWORD'],
        redirect_uri: 'http://localhost:3000/en/reset-password',
        locale: 'en',
      },
    });

  it('answers 202 for unknown addresses without sending anything', async () => {
    const before = (await up.outbox()).length;
    expect((await reset('ghost@demo.example')).status).toBe(202);
    expect(await up.outbox()).toHaveLength(before);
  });

  it('resets the password once with the mailed code and revokes existing tokens', async () => {
    const oldToken = await up.login('organiser2@demo.example', 'demo-organiser-2026');
    expect((await reset('organiser2@demo.example')).status).toBe(202);
    let mail: { subject: string; links: string[] } | undefined;
    for (let i = 0; i < 20 && !mail; i++) {
      mail = (await up.outbox()).find((m) => m.to === 'organiser2@demo.example');
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    expect(mail?.subject).toBe('Reset your password');
    const code = codeOf(mail?.links[0] ?? '');
    const put = (password: string) =>
      up.call(`/user/newPassword/${code}`, { method: 'PUT', json: { password } });
    expect((await put('short')).status).toBe(400);
    expect((await put('a brand new passphrase')).status).toBe(204);
    expect((await put('another new passphrase')).status).toBe(400);
    expect((await up.call('/auth/userinfo', { token: oldToken })).status).toBe(401);
    expect(await up.login('organiser2@demo.example', 'a brand new passphrase')).toBeTruthy();
    expect(
      (
        await up.call('/user/newPassword/unknown-code-unknown-code', {
          method: 'PUT',
          json: { password: 'whatever12' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('outbox', () => {
  it('lists messages newest first as HTML with clickable, escaped links and as JSON', async () => {
    await up.call('/user/addUser', {
      method: 'POST',
      json: {
        firstName: '<b>Eve</b>',
        lastName: 'Doe',
        email: 'eve@example.com',
        password: 'long enough passphrase',
        redirect_uri: 'http://localhost:3000/verify-email?x=1&y=2',
      },
    });
    const list = await up.outbox();
    expect(list[0]?.to).toBe('eve@example.com');
    expect(list[0]?.links[0]).toMatch(/^http:\/\/localhost:3000\/verify-email\?x=1&y=2&code=/);
    const one = await fetch(`${up.outboxUrl}/messages/${list[0]?.id}`);
    expect(((await one.json()) as { subject: string }).subject).toBe('Confirmez votre adresse e-mail');
    const page = await (await fetch(up.outboxUrl)).text();
    expect(page).toContain('<a href="http://localhost:3000/verify-email?x=1&#38;y=2&#38;code=');
    expect(page).not.toContain('<b>Eve</b>');
    expect(page.indexOf('eve@example.com')).toBeLessThan(page.indexOf('aiko.tanaka@example.com'));
  });
});
