import {
  type FormEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
} from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractKey } from '../../lib/i18n/keys';

type FieldShellProps = {
  label: string;
  error?: FieldError | undefined;
  hint?: string;
  required?: boolean;
  /** the control's `maxlength`, which "too long" then names */
  maxLength?: number | undefined;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

/**
 * Wires a control to its label, hint and error: `aria-invalid`, `aria-describedby`, and an error message
 * (an i18n key from the shared schemas) announced with role=alert.
 */
export function FieldShell({ label, error, hint, required, maxLength, children }: FieldShellProps) {
  const { t } = useTranslation();
  const errorKey = contractKey(error?.message, 'validation.invalidInput');
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      {/* the required mark stays outside the label so the accessible name is the label text alone */}
      <div className="field__label-row">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        {required ? (
          <span className="field__required" aria-hidden="true">
            {'*'}
          </span>
        ) : null}
      </div>
      {children({ inputId, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {errorKey === 'validation.tooLong' && maxLength
            ? t('validation.tooLongMax', { max: maxLength })
            : t(errorKey)}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: string;
};

export function TextField({ label, registration, error, hint, required, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} maxLength={input.maxLength}>
      {({ inputId, describedBy, invalid }) => (
        <input
          id={inputId}
          className="input"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...input}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<InputHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: string;
  rows?: number;
};

export function TextAreaField({ label, registration, error, hint, required, ...rest }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} maxLength={rest.maxLength}>
      {({ inputId, describedBy, invalid }) => (
        <textarea
          id={inputId}
          className="input input--area"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...rest}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: string;
  options: readonly { value: string; label: string }[];
};

export function SelectField({
  label,
  registration,
  error,
  hint,
  options,
  required,
  ...rest
}: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required}>
      {({ inputId, describedBy, invalid }) => (
        <select
          id={inputId}
          className="input select"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...rest}
          {...registration}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A form with native validation off: the shared zod schemas validate and their messages are localised. */
export function Form({
  onSubmit,
  children,
  className,
  ...rest
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  className?: string;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={`form ${className ?? ''}`} {...rest}>
      {children}
    </form>
  );
}

/**
 * Several choices of one list field (checkboxes sharing one registration): a legend, one box per option,
 * and the field's error announced and tied to the group.
 */
export function CheckboxGroupField({
  legend,
  registration,
  error,
  options,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const message = error ? contractKey(error.message, 'validation.invalidInput') : undefined;
  return (
    <fieldset className="fieldset" aria-describedby={message ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="checkbox">
          <input type="checkbox" value={option.value} {...registration} /> {option.label}
        </label>
      ))}
      {message ? (
        <p id={errorId} className="field__error" role="alert">
          {t(message)}
        </p>
      ) : null}
    </fieldset>
  );
}
