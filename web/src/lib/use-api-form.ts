import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageKey } from './i18n/keys';
import { useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { handleFormError } from './handle-form-error';

type Fail = (error: unknown) => void;

/**
 * A form validated by a shared zod schema, with what every form does when the server refuses it: field errors
 * go on `fields`, anything else becomes `formError` (an i18n key for the alert above the form).
 * `submit(run)` clears the last message and hands `run` the values and the `fail` to give the mutation;
 * `field(name)` is what a TextField needs of that field (its registration and its error).
 */
export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: { defaultValues: DefaultValues<z.input<S>>; fields: readonly string[] },
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: options.defaultValues,
  });
  const [formError, setFormError] = useState<MessageKey>();
  const fail: Fail = (error) => setFormError(handleFormError(error, form.setError, options.fields));
  const submit = (run: (values: z.output<S>, fail: Fail) => void) =>
    form.handleSubmit((values) => {
      setFormError(undefined);
      run(values, fail);
    });
  const field = (name: Path<z.input<S>>) => ({
    registration: form.register(name),
    error: get(form.formState.errors, name) as FieldError | undefined,
  });
  return { ...form, formError, submit, field };
}
