import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { connectBrowser, openPage, ResponseRecorder, secretLeaks, tokensInRedis } from './browser';
import { productOfWorker } from './products';
import { badgeKey, signBadgeToken } from '../../../bff/src/badges/token';

/**
 * Per test file: a connection to the run's browser, one recorder of every response, and at the end the proof that no upstream
 * token nor the webhook header value reached the browser. The file's product is its worker's.
 */
export function useBrowserSuite() {
  const product = productOfWorker(inject('products'));
  const state = {
    browser: undefined as Browser | undefined,
    recorder: new ResponseRecorder(),
    baseUrl: product.baseUrl,
  };

  beforeAll(async () => {
    state.browser = await connectBrowser(inject('browserWsEndpoint'));
  });

  afterAll(async () => {
    const seen = await state.recorder.settle();
    await state.browser?.close();
    const secrets = [
      inject('webhookHeaderValue'),
      inject('badgeTokenSecret'),
      ...(await tokensInRedis(product.redisUrl)),
    ];
    expect(secretLeaks(seen, secrets)).toEqual([]);
  });

  return {
    recorder: state.recorder,
    get baseUrl() {
      return state.baseUrl;
    },
    /** a badge's code as printed on it (the product's signing key, known to the tests only) */
    badgeCode(eventId: number, registrationId: number) {
      return signBadgeToken(badgeKey(inject('badgeTokenSecret'), ''), eventId, registrationId);
    },
    /** the Redis the file's product keeps its sessions in */
    redisUrl: product.redisUrl,
    open(locale = 'fr-FR') {
      if (!state.browser) throw new Error('the browser is not started');
      return openPage(state.browser, state.baseUrl, state.recorder, locale);
    },
  };
}
