import { registerBody } from '@evt/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmailField, NewPasswordFields, PersonNameFields } from '../../../components/account-fields';
import { Form } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { useRegisterMutation } from '../../../lib/session/register';
import { AuthHeader } from '../components/auth-header';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

function CheckYourMailbox({ email }: { email: string }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <>
      <AuthHeader title={t('auth.register.doneTitle')} />
      <Alert tone="success">
        <p>{t('auth.register.doneMessage', { email })}</p>
        <p>{t('auth.register.doneSpam')}</p>
      </Alert>
      <p className="auth-switch">
        <Link to={lp('/auth/login')}>{t('auth.register.backToLogin')}</Link>
      </p>
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const locale = useLocale();
  const registration = useRegisterMutation();
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const { submit, formError, field } = useApiForm(registerBody, {
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    fields: FIELDS,
  });

  const onSubmit = submit((body, fail) => {
    registration.mutate(
      { ...body, locale },
      { onSuccess: (result) => setRegisteredEmail(result.email), onError: fail },
    );
  });

  if (registeredEmail) return <CheckYourMailbox email={registeredEmail} />;

  return (
    <>
      <AuthHeader title={t('auth.register.title')} lead={t('auth.register.lead')} />
      <FormAlert messageKey={formError} />
      <Form onSubmit={onSubmit} aria-label={t('auth.register.title')}>
        <PersonNameFields firstName={field('firstName')} lastName={field('lastName')} />
        <EmailField {...field('email')} />
        <NewPasswordFields
          label={t('auth.fields.password')}
          hint={t('auth.fields.passwordHint')}
          password={field('password')}
          confirm={field('confirmPassword')}
        />
        <Button type="submit" busy={registration.isPending} className="btn--block">
          {t('auth.register.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        {t('auth.register.haveAccount')} <Link to={lp('/auth/login')}>{t('auth.register.loginLink')}</Link>
      </p>
    </>
  );
}
