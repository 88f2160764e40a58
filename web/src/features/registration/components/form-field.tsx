import {
  type CountryCode,
  countryOptions,
  dialCodeOf,
  dialCountryOptions,
  mainRegionOf,
} from '@evt/contracts/forms/countries';
import { type LocalisedText, textIn } from '@evt/contracts/forms/define';
import { type SelectHTMLAttributes, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldError, type UseFormRegisterReturn, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../../components/ui/form';
import { useLocale } from '../../../lib/locale-path';
import { INPUTS, optionLabel, selectEntries, type Widget } from '../lib/widgets';
import { FileInput } from './file-input';
import { contractKey, nameKey } from '../../../lib/i18n/keys';

export interface FieldProps {
  name: string;
  widget: Widget;
  error: FieldError | undefined;
  required: boolean;
  /** the organiser's label of a custom question (the form definition's `labels`), in its languages */
  text?: LocalisedText | undefined;
  /** the schema's limit on the typed text (the form definition's `maxLengths`), for text inputs */
  maxLength?: number | undefined;
  upload: { eventSlug: string; kind: string; fileNames: string[]; onFileNames: (names: string[]) => void };
  /** a registration kiosk: the browser offers no previous visitor's entries, even on e-mail and phone */
  kiosk?: boolean;
}

/**
 * One field of any registration form, drawn from its declared widget and registered with the form's
 * react-hook-form (registration-form.tsx). A change clears the field's error; the step's schema checks it
 * again on Next.
 */
export function FormField({ name, widget, error, required, text, maxLength, upload, kiosk }: FieldProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { register, clearErrors } = useFormContext();
  const label = text ? textIn(text, locale) : t(nameKey.fieldLabel(name));
  const helpKey = nameKey.fieldHelp(name);
  // exists() narrows its argument to a selector type, so it is asked of a copy: t takes the plain key
  const hint = i18n.exists(`${helpKey}`) ? t(helpKey) : undefined;
  const common = { label, error, required, ...(hint ? { hint } : {}) };
  const limit = maxLength ? { maxLength } : {};
  // the controlled widgets (places, files) take their value through useController instead
  const registration = () => register(name, { onChange: () => clearErrors(name) });

  if (widget.type === 'radio' || widget.type === 'checkboxes') {
    return (
      <fieldset
        className={`field choice-group${error ? ' field--invalid' : ''}`}
        aria-invalid={!!error || undefined}
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
              <input type={widget.type === 'radio' ? 'radio' : 'checkbox'} value={code} {...registration()} />
              <span>{optionLabel(widget.labels, code, t, locale)}</span>
            </label>
          ))}
        </div>
        {error ? (
          <p className="field__error" role="alert">
            {t(contractKey(error.message, 'validation.invalidInput'))}
          </p>
        ) : null}
      </fieldset>
    );
  }
  if (widget.type === 'file') return <FileInput {...common} {...upload} name={name} file={widget} />;
  return (
    <FieldShell {...common} {...limit}>
      {({ inputId, describedBy, invalid }) => {
        const props = {
          id: inputId,
          className: 'input',
          'aria-invalid': invalid,
          'aria-describedby': describedBy,
          'aria-required': required || undefined,
        };
        if (widget.type === 'checkbox')
          return <input {...props} type="checkbox" className="checkbox" {...registration()} />;
        if (widget.type === 'select')
          return (
            <select {...props} className="input select" {...registration()}>
              <option value="">{t('forms.common.select')}</option>
              {selectEntries(widget).map((entry) =>
                typeof entry === 'string' ? (
                  <option key={entry} value={entry}>
                    {optionLabel(widget.labels, entry, t, locale)}
                  </option>
                ) : (
                  <optgroup key={entry.heading} label={t(nameKey.option(entry.labels, entry.heading))}>
                    {entry.options.map((code) => (
                      <option key={code} value={code}>
                        {optionLabel(widget.labels, code, t, locale)}
                      </option>
                    ))}
                  </optgroup>
                ),
              )}
            </select>
          );
        if (widget.type === 'country' || widget.type === 'dial')
          return (
            <PlaceSelect
              {...props}
              name={name}
              dial={widget.type === 'dial'}
              placeholder={t('forms.common.select')}
            />
          );
        if (widget.type === 'textarea')
          return (
            <textarea {...props} className="input input--area" rows={4} {...limit} {...registration()} />
          );
        return (
          <input
            {...props}
            {...INPUTS[widget.type]}
            {...limit}
            {...(kiosk ? { autoComplete: 'off' } : {})}
            {...registration()}
          />
        );
      }}
    </FieldShell>
  );
}

type PlaceSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof UseFormRegisterReturn> & {
  name: string;
  dial: boolean;
  placeholder: string;
};

/**
 * A country or dial-code select whose ~250 localised options are built when the visitor reaches for it
 * (focus, pointer, key): they cost the first render nothing. The chosen value is always an option, so a
 * restored entry shows at once; hence a controlled field, which knows its value before its options exist.
 */
function PlaceSelect({ dial, placeholder, name, ...props }: PlaceSelectProps) {
  const { clearErrors } = useFormContext();
  const { field } = useController({ name });
  const value = typeof field.value === 'string' ? field.value : '';
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  // reached for in the server-drawn form before its script ran: the focus came before the handler
  const ref = useRef<HTMLSelectElement | null>(null);
  useEffect(() => {
    if (ref.current && ref.current === document.activeElement) setWanted(true);
  }, []);
  // a dial select's options are regions ("Canada (+1)"): the form stores the code, the select shows the
  // region chosen, or the code's main region for a restored entry (+1: United States)
  const [region, setRegion] = useState('');
  const shown = dial
    ? region && dialCodeOf(region as CountryCode) === value
      ? region
      : (mainRegionOf(value) ?? '')
    : value;
  return (
    <select
      {...props}
      ref={(element) => {
        ref.current = element;
        field.ref(element);
      }}
      name={name}
      value={shown}
      className="input select"
      onFocus={want}
      onPointerDown={want}
      onKeyDown={want}
      onBlur={field.onBlur}
      onChange={(e) => {
        const chosen = e.target.value;
        if (dial) setRegion(chosen);
        field.onChange(dial && chosen ? dialCodeOf(chosen as CountryCode) : chosen);
        clearErrors(name);
      }}
    >
      <option value="">{placeholder}</option>
      {wanted ? (
        <PlaceOptions dial={dial} />
      ) : shown ? (
        <option value={shown}>{dial ? value : shown}</option>
      ) : null}
    </select>
  );
}

/** Country or dial-code options, localised by Intl.DisplayNames and built only when shown. */
function PlaceOptions({ dial }: { dial: boolean }) {
  const locale = useLocale();
  const options = useMemo(() => (dial ? dialCountryOptions(locale) : countryOptions(locale)), [dial, locale]);
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
