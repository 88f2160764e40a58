import { safeReturnPath } from '@evt/contracts/access';
import { type LoginBody, loginBody } from '@evt/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextField } from '../../../components/ui/form';
import { handleFormError } from '../../../lib/handle-form-error';
import { useLocalePath } from '../../../lib/locale-path';
import { useLoginMutation } from '../api/login';
import { AuthHeader } from '../components/auth-header';

export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginMutation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((body) => {
    setFormError(undefined);
    login.mutate(body, {
      onSuccess: () => navigate(safeReturnPath(params.get('redirect'), lp('/home')), { replace: true }),
      onError: (error) => setFormError(handleFormError(error, setError, ['email', 'password'])),
    });
  });

  return (
    <>
      <AuthHeader title={t('auth.login.title')} lead={t('auth.login.lead')} />
      {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
      <Form onSubmit={onSubmit} aria-label={t('auth.login.title')}>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          required
          registration={register('password')}
          error={errors.password}
        />
        <p className="form__aside">
          <Link to={lp('/auth/forgot_password')}>{t('auth.login.forgotPassword')}</Link>
        </p>
        <Button type="submit" busy={login.isPending} className="btn--block">
          {t('auth.login.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        {t('auth.login.noAccount')} <Link to={lp('/auth/register')}>{t('auth.login.registerLink')}</Link>
      </p>
    </>
  );
}
