import { describe, it } from 'vitest';
import { registerAccount, signIn } from './support/flows';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('registration', () => {
  it('registers in English, confirms the address from the mail outbox, then signs in', async () => {
    const { context, page } = await suite.open('en-US');
    const credentials = await registerAccount(page, suite.baseUrl);
    await signIn(page, 'en', { credentials });
    await context.close();
  });
});
