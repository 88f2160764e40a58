import {
  createInfoRequestBody,
  EXPIRY_DAYS_DEFAULT,
  ITEMS_MAX,
  REMINDER_DAYS_DEFAULT,
} from '@evt/contracts/info-requests';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { contractKey } from '../../../lib/i18n/keys';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateRequest } from '../api/requests';

/**
 * The organiser's question to one registered person: a message, then fields to fill and documents to
 * upload (at least one: a request without a question is refused, here and by the server), the reminder's
 * delay and how long the link stays valid.
 */
export function AskForm({
  eventId,
  registrationId,
  onSent,
  onCancel,
}: {
  eventId: number;
  registrationId: number;
  onSent: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRequest(eventId);
  const form = useApiForm(createInfoRequestBody, {
    defaultValues: {
      registrationId,
      message: '',
      items: [{ kind: 'text', label: '', required: true }],
      reminderDays: REMINDER_DAYS_DEFAULT,
      expiresInDays: EXPIRY_DAYS_DEFAULT,
    },
    fields: ['message', 'items', 'reminderDays', 'expiresInDays'],
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const itemsError = form.formState.errors.items;
  const kinds = [
    { value: 'text', label: t('infoRequests.ask.kindText') },
    { value: 'file', label: t('infoRequests.ask.kindFile') },
  ];
  const add = (kind: 'text' | 'file') => items.append({ kind, label: '', required: true });
  return (
    <Form
      aria-label={t('infoRequests.ask.button')}
      onSubmit={form.submit((values, fail) => create.mutate(values, { onSuccess: onSent, onError: fail }))}
    >
      <FormAlert messageKey={form.formError} />
      <TextAreaField
        label={t('infoRequests.ask.message')}
        hint={t('infoRequests.ask.messageHint')}
        required
        rows={4}
        {...form.field('message')}
      />
      <fieldset className="form__group">
        <legend>{t('infoRequests.ask.items')}</legend>
        {items.fields.map((item, index) => (
          <div key={item.id} className="info-request__item">
            <TextField
              label={t('infoRequests.ask.itemLabel', { n: index + 1 })}
              required
              {...form.field(`items.${index}.label`)}
            />
            <SelectField
              label={t('infoRequests.ask.itemKind', { n: index + 1 })}
              options={kinds}
              {...form.field(`items.${index}.kind`)}
            />
            <label className="checkbox">
              <input type="checkbox" {...form.register(`items.${index}.required`)} />{' '}
              {t('infoRequests.ask.required')}
            </label>
            <Button variant="ghost" size="sm" onClick={() => items.remove(index)}>
              {t('infoRequests.ask.remove', { n: index + 1 })}
            </Button>
          </div>
        ))}
        {itemsError?.message || itemsError?.root?.message ? (
          <p className="field__error" role="alert">
            {t(contractKey(itemsError.message ?? itemsError.root?.message, 'validation.invalidInput'))}
          </p>
        ) : null}
        <div className="form__actions">
          <Button
            variant="secondary"
            size="sm"
            disabled={items.fields.length >= ITEMS_MAX}
            onClick={() => add('text')}
          >
            {t('infoRequests.ask.addText')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={items.fields.length >= ITEMS_MAX}
            onClick={() => add('file')}
          >
            {t('infoRequests.ask.addFile')}
          </Button>
        </div>
      </fieldset>
      <TextField
        label={t('infoRequests.ask.reminderDays')}
        type="number"
        min={1}
        max={30}
        {...form.field('reminderDays')}
      />
      <TextField
        label={t('infoRequests.ask.expiresInDays')}
        type="number"
        min={1}
        max={90}
        {...form.field('expiresInDays')}
      />
      <div className="form__actions">
        <Button type="submit" busy={create.isPending}>
          {t('infoRequests.ask.send')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('infoRequests.ask.cancel')}
        </Button>
      </div>
    </Form>
  );
}
