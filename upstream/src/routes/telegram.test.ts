import { telegramLinkBody, upstreamConfirmResult } from '@evt/contracts/public-registrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../../tests/support/participant-entry.mjs';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

// The Telegram preference gets a start token on the confirmation page, which the bot links once.
let up: TestUpstream;
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };

beforeAll(async () => {
  up = await startTestUpstream();
});
afterAll(() => up?.close());

/** Registers a participant and answers the token of their confirmation mail. */
async function register(email: string, telegramNotifications: boolean): Promise<string> {
  const res = await up.call('/public/events/sii-2027/registrations/participant', {
    method: 'POST',
    headers: SERVICE,
    json: {
      locale: 'fr',
      data: { ...participantEntry(email, 'Telegram'), telegramNotifications },
      confirmUrl: 'http://visitor.test/public/registrations/confirm',
    },
  });
  expect(res.status).toBe(202);
  const link = (await up.outbox()).findLast((m) => m.to === email)?.links.find((l) => l.includes('token='));
  return new URL(String(link)).searchParams.get('token') as string;
}
const confirm = async (token: string, telegram: boolean) =>
  upstreamConfirmResult.parse(
    await (
      await up.call('/public/registrations/confirm', {
        method: 'POST',
        headers: SERVICE,
        json: telegram ? { token, telegram: '1' } : { token },
      })
    ).json(),
  );
const link = (body: unknown, key = WEBHOOK_KEY) =>
  fetch(`${up.webhookUrl}/telegram-link`, {
    method: 'POST',
    headers: { 'x-automation-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('Telegram preference (extension)', () => {
  it('gives a start token only to who asked for it, and only when the BFF has a bot', async () => {
    const asked = await register('tg-yes@example.org', true);
    expect((await confirm(asked, false)).telegramToken).toBeUndefined();
    const first = (await confirm(asked, true)).telegramToken;
    expect(first).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    const notAsked = await register('tg-no@example.org', false);
    expect((await confirm(notAsked, true)).telegramToken).toBeUndefined();
  });

  it('links the chat that sent the token, once; a replaced, used or forged token is unknown', async () => {
    const token = await register('tg-link@example.org', true);
    const old = (await confirm(token, true)).telegramToken as string;
    const current = (await confirm(token, true)).telegramToken as string;
    expect(current).not.toBe(old);
    expect((await link({ token: old, chatId: 42 })).status).toBe(404);
    expect((await link({ token: current, chatId: 'x' })).status).toBe(400);
    expect((await link({ token: current, chatId: 42 }, 'wrong')).status).toBe(401);
    const linked = await link({ token: current, chatId: '123456789' });
    expect(linked.status).toBe(200);
    expect((await link({ token: current, chatId: 42 })).status).toBe(404);
    expect(telegramLinkBody.parse({ token: current, chatId: -1001 }).chatId).toBe('-1001');
  });
});
