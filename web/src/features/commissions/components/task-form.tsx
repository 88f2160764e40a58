import { TASK_PRIORITIES, taskBody } from '@evt/contracts/upstream-teams';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateTaskMutation } from '../api/teams';

const schema = z.object({
  title: taskBody.shape.title,
  description: taskBody.shape.description,
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
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors },
  } = useApiForm(schema, {
    fields: ['title', 'description', 'priority'],
    // spec section 3: priority defaults to high
    defaultValues: { title: '', description: '', priority: 'high' as const, dueDate: '' },
  });
  const onSubmit = submit((values, fail) => {
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
        onError: fail,
      },
    );
  });
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.tasks.createIn', { name: projectName })}>
      <FormAlert messageKey={formError} />
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
