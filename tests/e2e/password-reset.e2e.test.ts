import { describe, it } from 'vitest';
import { label, keys, registerAccount, signIn, waitForPath } from './support/flows';
import { exact, t } from './support/i18n';
import { mailedLink } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('password reset', () => {
  it('mails a link from /auth/forgot_password; the new password signs in, the old one no longer does', async () => {
    const { context, page } = await suite.open('en-US');
    const { email, password } = await registerAccount(page, suite.baseUrl);

    await page.goto('/en/auth/forgot_password');
    await page.getByLabel(exact(t('en', 'auth.fields.email'))).fill(email);
    await page.getByRole('button', { name: exact(t('en', 'auth.forgot.submit')) }).click();
    await page.getByText(t('en', 'auth.forgot.sentTitle')).first().waitFor();

    const link = new URL(
      await mailedLink(
        suite.baseUrl,
        email,
        (href) => href.includes('code=') && !href.includes('/verify-email'),
      ),
    );
    await page.goto(`${link.pathname}${link.search}`);
    const fresh = `${password}-new`;
    await page.getByLabel(exact(t('en', 'auth.fields.newPassword'))).fill(fresh);
    await page.getByLabel(exact(t('en', 'auth.fields.confirmPassword'))).fill(fresh);
    await page.getByRole('button', { name: exact(t('en', 'auth.reset.submit')) }).click();
    await page.getByText(t('en', 'auth.reset.doneTitle')).first().waitFor();

    // the old password is refused: the page stays on the login form and says why
    await page.goto('/en/auth/login');
    await page.getByLabel(label('en', keys.email)).fill(email);
    await page.getByLabel(label('en', keys.password)).fill(password);
    await page.getByRole('button', { name: label('en', keys.submit) }).click();
    await page.getByText(t('en', 'errors.invalidCredentials')).first().waitFor();
    await waitForPath(page, '/en/auth/login');

    await signIn(page, 'en', { credentials: { email, password: fresh } });
    await context.close();
  });
});
