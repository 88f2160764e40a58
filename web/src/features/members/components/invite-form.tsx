import { LOCALES } from '@evt/contracts/locale';
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

const FIELDS = ['email', 'memberTypeId', 'locale'] as const;

export function InviteForm({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const types = useMemberTypes();
  const mutation = useInviteMutation(organizationId);
  const [sent, setSent] = useState<{ email: string; resent: boolean; name: string | null }>();
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors },
  } = useApiForm(inviteRequest, {
    // the mail's language for a person without an account: the inviter's current one unless changed
    defaultValues: { email: '', memberTypeId: 0, locale },
    fields: FIELDS,
  });
  const options = (types.data ?? [])
    .filter((type) => type.code !== 'owner')
    .map((type) => ({ value: String(type.id), label: t(`console.memberTypes.${type.code}`, type.name) }));

  const onSubmit = submit((body, fail) => {
    setSent(undefined);
    mutation.mutate(body, {
      onSuccess: (invitation) => {
        const { account } = invitation;
        setSent({
          email: invitation.email,
          resent: invitation.resent === true,
          name: account ? t('common.fullName', { first: account.firstName, last: account.lastName }) : null,
        });
        reset({ email: '', memberTypeId: body.memberTypeId, locale: body.locale });
      },
      onError: fail,
    });
  });

  return (
    <Form onSubmit={onSubmit} aria-label={t('console.invite.title')} className="card">
      <h2 className="card__title">{t('console.invite.title')}</h2>
      <FormAlert messageKey={formError} />
      {sent ? (
        <p role="status" className="upload__done">
          {sent.resent
            ? t('console.invite.resent', { email: sent.email })
            : sent.name
              ? t('console.invite.sentToAccount', { name: sent.name, email: sent.email })
              : t('console.invite.sent', { email: sent.email })}
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
        <SelectField
          label={t('console.invite.language')}
          hint={t('console.invite.languageHint')}
          options={LOCALES.map((lng) => ({ value: lng, label: t(`layout.languages.${lng}`) }))}
          registration={register('locale')}
          error={errors.locale}
        />
      </div>
      <Button type="submit" busy={mutation.isPending}>
        {t('console.invite.submit')}
      </Button>
    </Form>
  );
}
