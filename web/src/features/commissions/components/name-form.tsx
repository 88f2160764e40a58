import { requiredText } from '@evt/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextAreaField, TextField } from '../../../components/ui/form';
import { handleFormError } from '../../../lib/handle-form-error';

const schema = z.object({ name: requiredText(120), description: z.string().max(1000) });
type Values = z.infer<typeof schema>;

/** Name + description: creating a commission or a project. */
export function NameForm({
  title,
  submit,
  busy,
  onSubmit,
}: {
  title: string;
  submit: string;
  busy: boolean;
  onSubmit: (values: Values, done: { ok: () => void; fail: (error: unknown) => void }) => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', description: '' } });
  return (
    <Form
      className="card"
      aria-label={title}
      onSubmit={handleSubmit((values) => {
        setFormError(undefined);
        onSubmit(values, {
          ok: () => reset(),
          fail: (error) => setFormError(handleFormError(error, setError, ['name', 'description'])),
        });
      })}
    >
      <h2 className="card__title">{title}</h2>
      {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
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
      <Button type="submit" busy={busy}>
        {submit}
      </Button>
    </Form>
  );
}
