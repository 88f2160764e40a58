import { randomBytes } from 'node:crypto';
import { errorCode } from '@evt/contracts/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_USER, fakeServer, login, type RunningBff, startBff, testConfig } from './helpers';

// Members' names through the BFF, against an upstream whose answers the test decides: one batched
// look-up for the members among the ids, a short reuse of the answer, and the upstream's failures as
// the product's own JSON errors. (Who may read whose names: security/member-names.test.ts.)

const user = (id: number, firstName: string) => ({
  ...FAKE_USER,
  id,
  email: `u${id}@example.org`,
  firstName,
});
let lookUps: string[] = [];
let lookUp: { status: number; body: unknown } = { status: 200, body: { data: [] } };
let membersStatus = 200;
let upstream: Awaited<ReturnType<typeof fakeServer>>;
let bff: RunningBff;
let cookie: string;

beforeAll(async () => {
  upstream = await fakeServer((req, res) => {
    req.resume();
    res.setHeader('content-type', 'application/json');
    const url = new URL(req.url ?? '/', 'http://upstream');
    let answer: { status: number; body: unknown } = { status: 200, body: { data: [] } };
    if (url.pathname === '/auth/login')
      answer.body = {
        access_token: `tok-${randomBytes(8).toString('hex')}`,
        token_type: 'bearer',
        expires_in: 3600,
      };
    else if (url.pathname === '/auth/userinfo') answer.body = FAKE_USER;
    else if (url.pathname === '/organizations/1/members')
      answer = {
        status: membersStatus,
        body:
          membersStatus === 200 ? { data: [{ userId: 7 }, { userId: 8 }, { userId: 9 }] } : { message: 'no' },
      };
    else if (url.pathname === '/user/profil/getUsers') {
      lookUps.push(url.searchParams.get('userIds') ?? '');
      answer = lookUp;
    }
    res.statusCode = answer.status;
    res.end(JSON.stringify(answer.body));
  });
  bff = await startBff(
    testConfig({ apiUrl: upstream.url, webhookUrl: `${upstream.url}/webhook` }, { redisUrl: null }),
  );
  cookie = (await login(bff.url, { email: 'someone@example.org', password: 'whatever-1' })).cookie;
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});
beforeEach(() => {
  lookUps = [];
  membersStatus = 200;
});

const names = async (ids: string) => {
  const response = await fetch(`${bff.url}/api/organizations/1/member-names?userIds=${ids}`, {
    headers: { cookie },
  });
  return { status: response.status, json: await response.json() };
};

describe('GET /api/organizations/{id}/member-names', () => {
  it('asks the upstream once for the members among the ids, answers names only, and reuses the answer', async () => {
    lookUp = { status: 200, body: { data: [user(7, 'Ada'), user(8, 'Grace'), user(12, 'Not asked')] } };
    const first = await names('8,7,42,7');
    expect(first).toEqual({
      status: 200,
      json: {
        data: [
          { userId: 7, firstName: 'Ada', lastName: 'User' },
          { userId: 8, firstName: 'Grace', lastName: 'User' },
        ],
      },
    });
    // 42 is no member: never asked for; the same question again is answered without the upstream
    expect(lookUps).toEqual(['7,8']);
    expect((await names('7,8,42')).json).toEqual(first.json);
    expect(lookUps).toEqual(['7,8']);
  });

  it('asks nothing when none of the ids is a member', async () => {
    expect(await names('40,41')).toEqual({ status: 200, json: { data: [] } });
    expect(lookUps).toEqual([]);
  });

  it("turns the upstream's failures into the product's JSON errors, its text never passed on", async () => {
    lookUp = { status: 500, body: { message: 'database exploded at 10.0.0.3' } };
    const failed = await names('9');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.json.error.code).toBeTypeOf('string');
    expect(JSON.stringify(failed.json)).not.toContain('exploded');

    lookUp = { status: 200, body: { data: [{ id: 9 }] } };
    const malformed = await names('9,7');
    expect(malformed.status).toBe(502);
    expect(malformed.json.error.code).toBeTypeOf('string');

    membersStatus = 403;
    const refused = await names('7,9,8');
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe(errorCode.forbidden);
  });
});
