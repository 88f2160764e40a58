import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/flows';
import { exact, t } from './support/i18n';
import { readOutbox } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('registration', () => {
  it('registers in English, confirms the address from the mail outbox, then signs in', async () => {
    const { context, page } = await suite.open('en-US');
    const email = `e2e-${randomBytes(4).toString('hex')}@example.org`;
    const password = `pass-${randomBytes(6).toString('hex')}`;

    await page.goto('/en/auth/register');
    await page.getByLabel(exact(t('en', 'auth.fields.firstName'))).fill('Ada');
    await page.getByLabel(exact(t('en', 'auth.fields.lastName'))).fill('Lovelace');
    await page.getByLabel(exact(t('en', 'auth.fields.email'))).fill(email);
    await page.getByLabel(exact(t('en', 'auth.fields.password'))).fill(password);
    await page.getByLabel(exact(t('en', 'auth.fields.confirmPassword'))).fill(password);
    await page.getByRole('button', { name: exact(t('en', 'auth.register.submit')) }).click();
    await page.getByText(t('en', 'auth.register.doneTitle')).first().waitFor();

    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const messages = await readOutbox(suite.baseUrl);
          const mail = messages.find((message) => [message.to].flat().includes(email));
          const links = (mail?.links as string[] | undefined) ?? [];
          link = links.find((href) => href.includes('/verify-email'));
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();

    await page.goto(link as string);
    await page.getByText(t('en', 'auth.verify.doneTitle')).first().waitFor();

    await signIn(page, 'en', { credentials: { email, password } });
    await context.close();
  });
});
