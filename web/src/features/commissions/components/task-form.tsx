import { TASK_PRIORITIES } from '@evt/contracts/upstream-teams';
import { requiredText } from '@evt/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { handleFormError } from '../../../lib/handle-form-error';
import { useCreateTaskMutation } from '../api/teams';

const schema = z.object({
  title: requiredText(200),
  description: z.string().max(2000),
  priority: z.enum(TASK_PRIORITIES),
  /** a date input's value (YYYY-MM-DD) or empty */
  dueDate: z.string(),
});

export function TaskForm({
  eventId,
  projectId,
  projectName,
}: {
  eventId: number;
  projectId: number;
  projectName: string;
}) {
  const { t } = useTranslation();
  const create = useCreateTaskMutation(eventId);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    // spec section 3: priority defaults to high
    defaultValues: { title: '', description: '', priority: 'high' as const, dueDate: '' },
  });
  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    create.mutate(
      {
        projectId,
        body: {
          title: values.title,
          description: values.description,
          priority: values.priority,
          // end of the chosen day, UTC: a due date is a day, not an instant
          dueDate: values.dueDate ? `${values.dueDate}T23:59:00Z` : null,
        },
      },
      {
        onSuccess: () => reset(),
        onError: (error) =>
          setFormError(handleFormError(error, setError, ['title', 'description', 'priority'])),
      },
    );
  });
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.tasks.createIn', { name: projectName })}>
      {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
      <div className="form__row">
        <TextField
          label={t('console.tasks.titleField')}
          required
          registration={register('title')}
          error={errors.title}
        />
        <SelectField
          label={t('console.tasks.priorityField')}
          options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`console.tasks.priority.${p}`) }))}
          registration={register('priority')}
          error={errors.priority}
        />
        <TextField
          label={t('console.tasks.dueField')}
          type="date"
          registration={register('dueDate')}
          error={errors.dueDate}
        />
      </div>
      <TextAreaField
        label={t('console.fields.description')}
        rows={2}
        registration={register('description')}
        error={errors.description}
      />
      <Button type="submit" busy={create.isPending}>
        {t('console.tasks.create')}
      </Button>
    </Form>
  );
}
