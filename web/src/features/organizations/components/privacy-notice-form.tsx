import { hasNotice, type PrivacyNotice, privacyNoticeBody } from '@evt/contracts/privacy-notice';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextAreaField, TextField } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { useApiForm } from '../../../lib/use-api-form';
import { privacyNoticeQuery, useSetPrivacyNotice } from '../api/privacy-notice';

const FIELDS = ['url', 'texts.fr', 'texts.en', 'texts.ja', 'contactEmail'] as const;

/**
 * The organisation's privacy notice, shown on every public form of its events beside the consent box:
 * a link to its policy and/or a text per language, and the address people write to about their data.
 * Everything empty removes it (the forms then show a default sentence naming the organisation).
 */
export function PrivacyNoticeCard({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const query = useQuery(privacyNoticeQuery(organizationId));
  return (
    <section className="card" aria-labelledby="privacy-notice-title">
      <h2 id="privacy-notice-title">{t('privacy.settings.title')}</h2>
      <p className="field__hint">{t('privacy.settings.explanation')}</p>
      <ErrorAlert error={query.error} />
      {query.data ? (
        <NoticeForm organizationId={organizationId} current={query.data} />
      ) : query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : null}
    </section>
  );
}

function NoticeForm({ organizationId, current }: { organizationId: number; current: PrivacyNotice }) {
  const { t } = useTranslation();
  const mutation = useSetPrivacyNotice(organizationId);
  const { submit, formError, field } = useApiForm(privacyNoticeBody, {
    fields: FIELDS,
    defaultValues: current,
  });
  return (
    <Form
      onSubmit={submit((body, fail) => mutation.mutate(body, { onError: fail }))}
      aria-label={t('privacy.settings.title')}
    >
      <FormAlert messageKey={formError} />
      {mutation.isSuccess ? (
        <p role="status" className="upload__done">
          {hasNotice(mutation.data) ? t('privacy.settings.saved') : t('privacy.settings.removed')}
        </p>
      ) : !hasNotice(current) ? (
        <p>{t('privacy.settings.none')}</p>
      ) : null}
      <TextField
        label={t('privacy.settings.url')}
        hint={t('privacy.settings.urlHint')}
        type="url"
        {...field('url')}
      />
      <TextAreaField
        label={t('privacy.settings.textFr')}
        hint={t('privacy.settings.textHint')}
        {...field('texts.fr')}
      />
      <TextAreaField label={t('privacy.settings.textEn')} {...field('texts.en')} />
      <TextAreaField label={t('privacy.settings.textJa')} {...field('texts.ja')} />
      <TextField label={t('privacy.settings.contact')} type="email" {...field('contactEmail')} />
      <Button type="submit" busy={mutation.isPending}>
        {t('privacy.settings.save')}
      </Button>
    </Form>
  );
}
