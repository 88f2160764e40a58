import { inviteRequest } from '@evt/contracts/members';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextField } from '../../../components/ui/form';
import { handleFormError } from '../../../lib/handle-form-error';
import { useLocale } from '../../../lib/locale-path';
import { useInviteMutation, useMemberTypes } from '../api/members';

const FIELDS = ['email', 'memberTypeId'] as const;

export function InviteForm({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const types = useMemberTypes();
  const mutation = useInviteMutation(organizationId);
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(inviteRequest), defaultValues: { email: '', memberTypeId: 0 } });
  const options = (types.data ?? [])
    .filter((type) => type.code !== 'owner')
    .map((type) => ({ value: String(type.id), label: t(`console.memberTypes.${type.code}`, type.name) }));

  const onSubmit = handleSubmit((body) => {
    setFormError(undefined);
    setSentTo(undefined);
    mutation.mutate(
      { ...body, locale },
      {
        onSuccess: (invitation) => {
          setSentTo(invitation.email);
          reset({ email: '', memberTypeId: body.memberTypeId });
        },
        onError: (error) => setFormError(handleFormError(error, setError, FIELDS)),
      },
    );
  });

  return (
    <Form onSubmit={onSubmit} aria-label={t('console.invite.title')} className="card">
      <h2 className="card__title">{t('console.invite.title')}</h2>
      {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
      {sentTo ? (
        <p role="status" className="upload__done">
          {t('console.invite.sent', { email: sentTo })}
        </p>
      ) : null}
      <div className="form__row">
        <TextField
          label={t('console.invite.email')}
          type="email"
          required
          autoComplete="off"
          registration={register('email')}
          error={errors.email}
        />
        <SelectField
          label={t('console.invite.memberType')}
          required
          options={[{ value: '0', label: t('console.invite.chooseType') }, ...options]}
          registration={register('memberTypeId', { valueAsNumber: true })}
          error={errors.memberTypeId as FieldError | undefined}
        />
      </div>
      <Button type="submit" busy={mutation.isPending}>
        {t('console.invite.submit')}
      </Button>
    </Form>
  );
}
