import { type Ref, type SelectHTMLAttributes, useId } from 'react';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  /** keep the label for screen readers only (compact headers) */
  hideLabel?: boolean;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
};

/** A native select: keyboard and screen-reader behaviour for free. */
export function Select({ label, hideLabel = false, options, className, ...rest }: Props) {
  const id = useId();
  return (
    <div className={`select-field ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field__label'}>
        {label}
      </label>
      <select id={id} className="input select" {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
