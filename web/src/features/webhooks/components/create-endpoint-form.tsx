import {
  createWebhookBody,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
} from '@evt/contracts/webhooks';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxGroupField, Form, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateWebhook } from '../api/webhooks';
import { EVENT_TEXT } from './event-text';

/** Adds an endpoint: its address, a description, the events it receives; its secret goes to `onCreated`. */
export function CreateEndpointForm({
  organizationId,
  onCreated,
}: {
  organizationId: number;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useCreateWebhook(organizationId);
  const { submit, formError, field, register, reset } = useApiForm(createWebhookBody, {
    fields: ['url', 'description', 'events'],
    defaultValues: { url: '', description: '', events: [] },
  });
  const url = field('url');
  const description = field('description');
  return (
    <Form
      onSubmit={submit((body, fail) =>
        mutation.mutate(body, {
          onError: fail,
          onSuccess: (created) => {
            reset();
            onCreated(created.secret);
          },
        }),
      )}
      aria-label={t('webhooks.create')}
    >
      <h2>{t('webhooks.create')}</h2>
      <FormAlert messageKey={formError} />
      <TextField
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={WEBHOOK_URL_MAX}
        required
        registration={url.registration}
        error={url.error}
      />
      <TextField
        label={t('webhooks.description')}
        autoComplete="off"
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        registration={description.registration}
        error={description.error}
      />
      <CheckboxGroupField
        legend={t('webhooks.eventsLabel')}
        registration={register('events')}
        error={field('events').error}
        options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: t(EVENT_TEXT[type]) }))}
      />
      <Button type="submit" busy={mutation.isPending}>
        {mutation.isPending ? t('webhooks.creating') : t('webhooks.create')}
      </Button>
    </Form>
  );
}
