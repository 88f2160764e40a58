import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBff, startBff, startUpstream, testConfig } from '../helpers';

// Every page was served with `Permissions-Policy: camera=()`, so the check-in page could never scan a
// badge. The pages that scan allow the camera to the product's own origin; every other answer denies it.

let upstream: TestUpstream;
let bff: RunningBff;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const cameraOn = async (path: string) => {
  // the SPA is not built in tests: a page is the 503 "not built" answer, with the page's headers
  const response = await fetch(`${bff.url}${path}`, { headers: { accept: 'text/html' } });
  const policy = response.headers.get('permissions-policy') ?? '';
  return /(?:^|,\s*)camera=([^,]*)/.exec(policy)?.[1];
};

describe('the camera is allowed on the pages that scan, for this origin only', () => {
  it('allows camera=(self) on the check-in page, in every language', async () => {
    for (const path of ['/events/checkin-12', '/en/events/checkin-12', '/jp/events/checkin-12']) {
      expect(await cameraOn(path), path).toBe('(self)');
    }
  });

  it('denies it on every other page and answer', async () => {
    for (const path of [
      '/en/events',
      '/en/events/dashboard-12',
      '/events/checkin-12/x',
      '/events/checkin-012',
      '/events/checkin-12x',
      '/events-checkin-12/participant',
      '/en/auth/login',
      '/api/auth/me',
      '/api/events/12/checkins/scan',
    ]) {
      expect(await cameraOn(path), path).toBe('()');
    }
  });
});
