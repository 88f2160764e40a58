import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { type RunningUpstream, startUpstream, type UpstreamOptions } from './server';

export const WEBHOOK_KEY = 'test-webhook-key-0123456789';

export interface TestUpstream extends RunningUpstream {
  call(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  login(email: string, password: string): Promise<string>;
  outbox(): Promise<{ id: number; to: string; subject: string; text: string; links: string[] }[]>;
}

export async function startTestUpstream(overrides: Partial<UpstreamOptions> = {}): Promise<TestUpstream> {
  const up = await startUpstream({
    dataDir: 'memory://',
    webhookHeaderName: DEFAULT_WEBHOOK_HEADER_NAME,
    webhookHeaderValue: WEBHOOK_KEY,
    seedDemo: true,
    ...overrides,
  });
  const call: TestUpstream['call'] = (path, init = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${up.apiUrl}${path}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  return {
    ...up,
    call,
    async login(email, password) {
      const res = await call('/auth/login', { method: 'POST', json: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async outbox() {
      return (await (await fetch(`${up.outboxUrl}/messages`)).json()) as Awaited<
        ReturnType<TestUpstream['outbox']>
      >;
    },
  };
}
