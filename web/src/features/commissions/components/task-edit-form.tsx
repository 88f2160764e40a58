import type { Task } from '@evt/contracts/upstream-teams';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdateTaskMutation } from '../api/task-edits';
import { dueDateToApi, dueDateToInput, TASK_FORM_FIELDS, TaskFields, taskFormSchema } from './task-fields';

/**
 * Correct a task in place. The list shows the change at once; a refusal puts the task back and keeps the
 * form open with everything typed, the reason announced above it. Closes once saved.
 */
export function TaskEditForm({ task, onDone }: { task: Task; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateTaskMutation(task.eventId);
  const {
    register,
    submit,
    formError,
    setFocus,
    formState: { errors },
  } = useApiForm(taskFormSchema, {
    fields: TASK_FORM_FIELDS,
    defaultValues: {
      title: task.title,
      description: task.description,
      priority: task.priority,
      dueDate: dueDateToInput(task.dueDate),
    },
  });
  // the Edit button that opened the form is gone: start on its first field
  useEffect(() => setFocus('title'), [setFocus]);
  const onSubmit = submit((values, fail) =>
    update.mutate(
      { taskId: task.id, body: { ...values, dueDate: dueDateToApi(values.dueDate) } },
      { onSuccess: onDone, onError: fail },
    ),
  );
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.taskEdit.formLabel', { title: task.title })}>
      <FormAlert messageKey={formError} />
      <TaskFields register={register} errors={errors} />
      <div className="form__row">
        <Button type="submit" busy={update.isPending}>
          {t('console.taskEdit.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}
