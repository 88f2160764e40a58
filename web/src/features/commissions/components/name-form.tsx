import { projectBody } from '@evt/contracts/upstream-teams';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextAreaField, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';

// a commission's name has the same limit as a project's (teamBody, projectBody)
const schema = projectBody;
type Values = z.infer<typeof schema>;

/**
 * Name + description: creating a commission or a project, or correcting a project (`initial`, with a
 * Cancel button; what was typed stays after a refusal).
 */
export function NameForm({
  title,
  submit,
  busy,
  onSubmit,
  initial = { name: '', description: '' },
  onCancel,
}: {
  title: string;
  submit: string;
  busy: boolean;
  onSubmit: (values: Values, done: { ok: () => void; fail: (error: unknown) => void }) => void;
  initial?: { name: string; description: string };
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    submit: handle,
    formError,
    reset,
    formState: { errors },
  } = useApiForm(schema, { defaultValues: initial, fields: ['name', 'description'] });
  return (
    <Form
      className="card"
      aria-label={title}
      onSubmit={handle((values, fail) => onSubmit(values, { ok: () => reset(), fail }))}
    >
      <h2 className="card__title">{title}</h2>
      <FormAlert messageKey={formError} />
      <TextField
        label={t('console.fields.name')}
        required
        registration={register('name')}
        error={errors.name}
      />
      <TextAreaField
        label={t('console.fields.description')}
        rows={2}
        registration={register('description')}
        error={errors.description}
      />
      <div className="form__row">
        <Button type="submit" busy={busy}>
          {submit}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
