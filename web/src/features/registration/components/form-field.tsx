import { countryOptions, dialCodeOptions, countryName } from '@evt/contracts/forms/countries';
import type { FieldError } from 'react-hook-form';
import { type SelectHTMLAttributes, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../../components/ui/form';
import { useLocale } from '../../../lib/locale-path';
import type { Widget } from '../lib/widgets';
import { FileInput } from './file-input';

export interface FieldProps {
  name: string;
  widget: Widget;
  value: unknown;
  error: string | undefined;
  required: boolean;
  onChange: (value: unknown) => void;
  upload: { eventSlug: string; kind: string; fileNames: string[]; onFileNames: (names: string[]) => void };
}

const asError = (message: string | undefined): FieldError | undefined =>
  message ? { type: 'validate', message } : undefined;

/** One field of any registration form, drawn from its widget (see lib/widgets.ts). */
export function FormField({ name, widget, value, error, required, onChange, upload }: FieldProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const label = t(`forms.fields.${name}.label`);
  const helpKey = `forms.fields.${name}.help`;
  const hint = i18n.exists(helpKey) ? t(helpKey) : undefined;
  const common = { label, error: asError(error), required, ...(hint ? { hint } : {}) };

  if (widget.type === 'checkbox') {
    return (
      <FieldShell {...common} label={label}>
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            type="checkbox"
            className="checkbox"
            name={name}
            checked={value === true}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.checked)}
          />
        )}
      </FieldShell>
    );
  }
  if (widget.type === 'radio' || widget.type === 'checkboxes') {
    const multiple = widget.type === 'checkboxes';
    const list = Array.isArray(value) ? (value as string[]) : [];
    return (
      <fieldset
        className={`field choice-group${error ? ' field--invalid' : ''}`}
        aria-invalid={Boolean(error) || undefined}
      >
        <legend className="field__label">
          {label}
          {required ? (
            <span className="field__required" aria-hidden="true">
              {'*'}
            </span>
          ) : null}
        </legend>
        {hint ? <p className="field__hint">{hint}</p> : null}
        <div className="choice-group__options">
          {widget.options.map((code) => (
            <label key={code} className="choice">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={code}
                checked={multiple ? list.includes(code) : value === code}
                onChange={(e) =>
                  onChange(
                    multiple ? (e.target.checked ? [...list, code] : list.filter((c) => c !== code)) : code,
                  )
                }
              />
              <span>{widget.label(code, t, locale)}</span>
            </label>
          ))}
        </div>
        {error ? (
          <p className="field__error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </fieldset>
    );
  }
  if (widget.type === 'file') {
    return (
      <FileInput
        {...common}
        name={name}
        file={widget.file}
        value={value}
        onChange={onChange}
        eventSlug={upload.eventSlug}
        kind={upload.kind}
        fileNames={upload.fileNames}
        onFileNames={upload.onFileNames}
      />
    );
  }
  return (
    <FieldShell {...common}>
      {({ inputId, describedBy, invalid }) => {
        const props = {
          id: inputId,
          name,
          className: 'input',
          'aria-invalid': invalid,
          'aria-describedby': describedBy,
          'aria-required': required || undefined,
          value: typeof value === 'string' ? value : '',
        };
        if (widget.type === 'select')
          return (
            <select {...props} className="input select" onChange={(e) => onChange(e.target.value)}>
              <option value="">{t('forms.common.select')}</option>
              {widget.options.map((code) => (
                <option key={code} value={code}>
                  {widget.label(code, t, locale)}
                </option>
              ))}
            </select>
          );
        if (widget.type === 'country' || widget.type === 'dial')
          return (
            <PlaceSelect
              {...props}
              dial={widget.type === 'dial'}
              placeholder={t('forms.common.select')}
              onChange={onChange}
            />
          );
        if (widget.type === 'textarea')
          return (
            <textarea
              {...props}
              className="input input--area"
              rows={4}
              onChange={(e) => onChange(e.target.value)}
            />
          );
        const autoComplete = { email: 'email', tel: 'tel-national' }[widget.type as string];
        return (
          <input
            {...props}
            type={widget.type}
            inputMode={widget.type === 'tel' ? 'numeric' : undefined}
            autoComplete={autoComplete}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      }}
    </FieldShell>
  );
}

type PlaceSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  value: string;
  dial: boolean;
  placeholder: string;
  onChange: (value: string) => void;
};

/**
 * A country or dial-code select whose ~250 localised options are built when the visitor reaches for it
 * (focus, pointer, key): they cost the first render nothing. The chosen value is
 * always an option, so a restored entry shows at once.
 */
function PlaceSelect({ dial, placeholder, onChange, value, ...props }: PlaceSelectProps) {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  // reached for in the server-drawn form before its script ran: the focus came before the handler
  const ref = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (ref.current && ref.current === document.activeElement) setWanted(true);
  }, []);
  return (
    <select
      ref={ref}
      {...props}
      value={value}
      className="input select"
      onFocus={want}
      onPointerDown={want}
      onKeyDown={want}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{placeholder}</option>
      {wanted ? <PlaceOptions dial={dial} /> : value ? <option value={value}>{value}</option> : null}
    </select>
  );
}

/** Country or dial-code options, localised by Intl.DisplayNames and built only when shown. */
function PlaceOptions({ dial }: { dial: boolean }) {
  const locale = useLocale();
  const options = useMemo(
    () =>
      dial
        ? dialCodeOptions().map((o) => ({
            value: o.value,
            label: `${o.value} (${o.countries
              .slice(0, 3)
              .map((c) => countryName(c, locale))
              .join(', ')}${o.countries.length > 3 ? ', …' : ''})`,
          }))
        : countryOptions(locale),
    [dial, locale],
  );
  return (
    <>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
