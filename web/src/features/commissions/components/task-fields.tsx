import { dueDateOfDay, TASK_PRIORITIES, taskBody } from '@evt/contracts/upstream-teams';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form';

/** A task's fields as the create and edit forms show them (assignees have their own controls). */
export const taskFormSchema = z.object({
  title: taskBody.shape.title,
  description: taskBody.shape.description,
  priority: z.enum(TASK_PRIORITIES),
  /** a date input's value (YYYY-MM-DD) or empty */
  dueDate: z.string(),
});
export type TaskFormValues = z.input<typeof taskFormSchema>;
export const TASK_FORM_FIELDS = ['title', 'description', 'priority', 'dueDate'] as const;

/** The chosen day's due date (`dueDateOfDay`), or none when the field is empty. */
export const dueDateToApi = (day: string) => (day ? dueDateOfDay(day) : null);
export const dueDateToInput = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function TaskFields({
  register,
  errors,
}: {
  register: UseFormRegister<TaskFormValues>;
  errors: FieldErrors<TaskFormValues>;
}) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
