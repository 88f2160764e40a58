import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { connectBrowser, openPage, ResponseRecorder, secretLeaks, tokensInRedis } from './browser';

/**
 * Per test file: a connection to the run's browser, one recorder of every response, and at the end the proof that no upstream
 * token nor the webhook header value reached the browser.
 */
export function useBrowserSuite() {
  const state = {
    browser: undefined as Browser | undefined,
    recorder: new ResponseRecorder(),
    baseUrl: inject('baseUrl'),
  };

  beforeAll(async () => {
    state.browser = await connectBrowser(inject('browserWsEndpoint'));
  });

  afterAll(async () => {
    const seen = await state.recorder.settle();
    await state.browser?.close();
    const secrets = [inject('webhookHeaderValue'), ...(await tokensInRedis(inject('redisUrl')))];
    expect(secretLeaks(seen, secrets)).toEqual([]);
  });

  return {
    recorder: state.recorder,
    get baseUrl() {
      return state.baseUrl;
    },
    open(locale = 'fr-FR') {
      if (!state.browser) throw new Error('the browser is not started');
      return openPage(state.browser, state.baseUrl, state.recorder, locale);
    },
  };
}
