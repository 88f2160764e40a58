import { inviteRequest } from '@evt/contracts/members';
import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocale } from '../../../lib/locale-path';
import { useInviteMutation, useMemberTypes } from '../api/members';

const FIELDS = ['email', 'memberTypeId'] as const;

export function InviteForm({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const types = useMemberTypes();
  const mutation = useInviteMutation(organizationId);
  const [sentTo, setSentTo] = useState<string>();
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors },
  } = useApiForm(inviteRequest, { defaultValues: { email: '', memberTypeId: 0 }, fields: FIELDS });
  const options = (types.data ?? [])
    .filter((type) => type.code !== 'owner')
    .map((type) => ({ value: String(type.id), label: t(`console.memberTypes.${type.code}`, type.name) }));

  const onSubmit = submit((body, fail) => {
    setSentTo(undefined);
    mutation.mutate(
      { ...body, locale },
      {
        onSuccess: (invitation) => {
          setSentTo(invitation.email);
          reset({ email: '', memberTypeId: body.memberTypeId });
        },
        onError: fail,
      },
    );
  });

  return (
    <Form onSubmit={onSubmit} aria-label={t('console.invite.title')} className="card">
      <h2 className="card__title">{t('console.invite.title')}</h2>
      <FormAlert messageKey={formError} />
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
