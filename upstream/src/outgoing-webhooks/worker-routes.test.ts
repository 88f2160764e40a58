import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import type { WebhookJob } from '@evt/contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { demoOrganisation } from '../test-members';
import { recordPing } from './record';

// The job queue's leases of due deliveries: each once while its try runs, and a receiver's tries at most
// `perEndpoint` at once, so a slow one cannot hold every worker slot while the others' deliveries wait.
let up: TestUpstream;
let owner: string;
let orgId: number;

const worker = async (path: string, body: unknown) => {
  const answer = await up.call(`/webhook/webhook-deliveries/${path}`, {
    method: 'POST',
    headers: { [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY },
    json: body,
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return answer.status === 204 ? null : answer.json();
};
const due = async () =>
  ((await worker('due', { limit: 100, leaseSeconds: 60, perEndpoint: 2 })) as { jobs: WebhookJob[] }).jobs;

async function endpoint(name: string): Promise<number> {
  const created = await up.call(`/organizations/${orgId}/webhooks`, {
    method: 'POST',
    token: owner,
    json: { url: `http://127.0.0.1:9/${name}`, events: ['checkin.created'] },
  });
  return ((await created.json()) as { endpoint: { id: number } }).endpoint.id;
}

beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
  // the demo's deliveries are done with: only this test's are due
  await up.db.query(
    "UPDATE webhook_deliveries SET status = 'delivered' WHERE status IN ('pending', 'retrying')",
  );
});
afterAll(() => up?.close());

describe('due webhook deliveries', () => {
  it("lease a slow receiver's tries two at a time, and another receiver's beside them", async () => {
    const slow = await endpoint('slow');
    const fast = await endpoint('fast');
    const slowOnes: number[] = [];
    for (let i = 0; i < 5; i++) slowOnes.push(await recordPing(up.db, orgId, slow));
    const fastOne = await recordPing(up.db, orgId, fast);

    const first = await due();
    expect(first.map((j) => j.deliveryId).sort((a, b) => a - b)).toEqual([slowOnes[0], slowOnes[1], fastOne]);
    expect(first.every((j) => j.attempt === 1 && j.round === 1)).toBe(true);
    // nothing more while those run: the slow receiver has two tries in flight
    expect(await due()).toEqual([]);

    // one answered (a failure, retried later): its slot goes to the slow receiver's next delivery
    await worker('outcome', {
      deliveryId: slowOnes[0],
      round: 1,
      attempt: 1,
      statusCode: null,
      error: 'timeout',
      durationMs: 5000,
      retryInSeconds: 600,
    });
    expect((await due()).map((j) => j.deliveryId)).toEqual([slowOnes[2]]);
  });
});
