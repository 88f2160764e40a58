import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { loginBody, registerBody } from '@evt/contracts/auth';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  CurrentPasswordField,
  NewPasswordFields,
  PersonNameFields,
} from '../../../components/account-fields';
import { Form, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocale } from '../../../lib/locale-path';
import { useLoginMutation } from '../../../lib/session/login';
import { useRegisterMutation } from '../../../lib/session/register';
import type { MessageKey } from '../../../lib/i18n/keys';

/** Both invitation forms: titled, the failure above, the invited address shown and not editable. */
function InviteFormFrame({
  title,
  onSubmit,
  formError,
  email,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: MessageKey | undefined;
  email: UseFormRegisterReturn;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form onSubmit={onSubmit} aria-label={title}>
      <h2>{title}</h2>
      <FormAlert messageKey={formError} />
      <TextField label={t('auth.fields.email')} type="email" readOnly registration={email} />
      {children}
    </Form>
  );
}

/** Sign in with the invited address (the account exists). */
export function InviteSignIn({ email }: { email: string }) {
  const { t } = useTranslation();
  const login = useLoginMutation();
  const { register, submit, formError, field } = useApiForm(loginBody, {
    defaultValues: { email, password: '' },
    fields: ['password'],
  });
  const onSubmit = submit((body, fail) => login.mutate(body, { onError: fail }));
  return (
    <InviteFormFrame
      title={t('console.acceptInvite.signInTitle')}
      onSubmit={onSubmit}
      formError={formError}
      email={register('email')}
    >
      <CurrentPasswordField {...field('password')} />
      <Button type="submit" busy={login.isPending}>
        {t('console.acceptInvite.signIn')}
      </Button>
    </InviteFormFrame>
  );
}

const REGISTER_FIELDS = ['firstName', 'lastName', 'password', 'confirmPassword'] as const;

/**
 * Create the account from the invitation: the code goes with it, so the upstream creates it verified (the
 * invitation mail proved the address) and we sign in at once.
 */
export function InviteRegister({ email, code }: { email: string; code: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const registration = useRegisterMutation();
  const login = useLoginMutation();
  const { register, submit, formError, field } = useApiForm(registerBody, {
    fields: REGISTER_FIELDS,
    defaultValues: {
      firstName: '',
      lastName: '',
      email,
      password: '',
      confirmPassword: '',
      invitationCode: code,
    },
  });
  const onSubmit = submit((body, fail) => {
    registration.mutate(
      { ...body, locale },
      { onSuccess: () => login.mutate({ email, password: body.password }, { onError: fail }), onError: fail },
    );
  });
  return (
    <InviteFormFrame
      title={t('console.acceptInvite.registerTitle')}
      onSubmit={onSubmit}
      formError={formError}
      email={register('email')}
    >
      <PersonNameFields firstName={field('firstName')} lastName={field('lastName')} />
      <NewPasswordFields
        label={t('auth.fields.password')}
        password={field('password')}
        confirm={field('confirmPassword')}
      />
      <Button type="submit" busy={registration.isPending || login.isPending}>
        {t('console.acceptInvite.register')}
      </Button>
    </InviteFormFrame>
  );
}
