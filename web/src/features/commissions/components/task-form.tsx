import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateTaskMutation } from '../api/teams';
import { dueDateToApi, TASK_FORM_FIELDS, TaskFields, taskFormSchema } from './task-fields';

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
  } = useApiForm(taskFormSchema, {
    fields: TASK_FORM_FIELDS,
    // spec section 3: priority defaults to high
    defaultValues: { title: '', description: '', priority: 'high' as const, dueDate: '' },
  });
  const onSubmit = submit((values, fail) => {
    create.mutate(
      { projectId, body: { ...values, dueDate: dueDateToApi(values.dueDate) } },
      { onSuccess: () => reset(), onError: fail },
    );
  });
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.tasks.createIn', { name: projectName })}>
      <FormAlert messageKey={formError} />
      <TaskFields register={register} errors={errors} />
      <Button type="submit" busy={create.isPending}>
        {t('console.tasks.create')}
      </Button>
    </Form>
  );
}
