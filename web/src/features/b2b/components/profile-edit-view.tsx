import type { OwnProfile } from '@evt/contracts/b2b';
import { EDITABLE_PROFILE_FIELDS, type EditableProfileField, profileEdit } from '@evt/contracts/b2b-edit';
import { form as b2bForm } from '@evt/contracts/forms/b2b';
import { useId, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { contractKey, nameKey } from '../../../lib/i18n/keys';
import { useApiForm } from '../../../lib/use-api-form';
import { saveOwnProfile, type SpaceLink } from '../api/space';
import { useRead } from '../../../lib/read-cache';
import { ownProfileRead } from '../api/space-reads';

/**
 * "My profile" in the company's space: what the registration form asked about its activity,
 * offers, needs, sectors and availability, editable until the organiser freezes the programme. The
 * registration form's own schemas and rules check it (contracts/src/b2b-edit.ts).
 */
export function ProfileEditView(props: { link: SpaceLink; frozen: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const { data, error } = useRead(ownProfileRead, props.link);
  if (error)
    return <FormAlert messageKey={contractKey((error as { code?: string }).code ?? '', 'errors.generic')} />;
  if (!data) return <Spinner label={t('b2b.space.loading')} />;
  return <EditForm {...props} profile={data} frozen={props.frozen || data.frozen} />;
}

function EditForm(props: { link: SpaceLink; profile: OwnProfile; frozen: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const { submit, formError, field, formState } = useApiForm(profileEdit, {
    fields: EDITABLE_PROFILE_FIELDS,
    defaultValues: props.profile.values as never,
  });
  const onSubmit = submit((values, fail) => {
    setSaved(false);
    setBusy(true);
    saveOwnProfile(props.link, values).then(
      () => {
        setBusy(false);
        setSaved(true);
        props.onSaved();
      },
      (err: unknown) => {
        setBusy(false);
        fail(err);
      },
    );
  });
  return (
    <Form onSubmit={onSubmit} aria-labelledby={`${id}-h`} className="b2b-form">
      <h2 id={`${id}-h`}>{t('b2b.space.profileEdit.title', { company: props.profile.companyName })}</h2>
      <p>{props.frozen ? t('b2b.space.profileEdit.frozenHelp') : t('b2b.space.profileEdit.help')}</p>
      <FormAlert messageKey={formError} />
      {saved && !formError ? <Alert tone="success">{t('b2b.space.profileEdit.saved')}</Alert> : null}
      <fieldset disabled={props.frozen} className="b2b-edit__fields">
        {EDITABLE_PROFILE_FIELDS.map((name) => (
          <EditField
            key={name}
            name={name}
            field={field(name)}
            error={formState.errors[name] as FieldError | undefined}
          />
        ))}
      </fieldset>
      {props.frozen ? null : (
        <Button type="submit" busy={busy}>
          {t('b2b.space.profileEdit.save')}
        </Button>
      )}
    </Form>
  );
}

function EditField(props: {
  name: EditableProfileField;
  field: ReturnType<ReturnType<typeof useApiForm>['field']>;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  const { name, field } = props;
  const widget = b2bForm.widgets[name];
  const label = t(nameKey.fieldLabel(name));
  const required = b2bForm.required[name];
  if (widget.type === 'checkboxes') {
    const group = typeof widget.labels === 'object' && 'enum' in widget.labels ? widget.labels.enum : '';
    return (
      <fieldset className={`field choice-group${props.error ? ' field--invalid' : ''}`}>
        <legend className="field__label">{label}</legend>
        <div className="choice-group__options">
          {widget.options.map((code) => (
            <label key={code} className="choice">
              <input type="checkbox" value={code} {...field.registration} />
              <span>{t(nameKey.option(group, code))}</span>
            </label>
          ))}
        </div>
        {props.error ? (
          <p className="field__error" role="alert">
            {t(contractKey(props.error.message, 'validation.invalidInput'))}
          </p>
        ) : null}
      </fieldset>
    );
  }
  if (widget.type === 'checkbox')
    // the directory's opt-in: the company joins or withdraws from its space
    return (
      <div className="field">
        <label className="choice">
          <input type="checkbox" aria-describedby={`${name}-help`} {...field.registration} />
          <span>{label}</span>
        </label>
        <p id={`${name}-help`} className="field__hint">
          {t(nameKey.fieldHelp(name))}
        </p>
      </div>
    );
  if (widget.type === 'select' || widget.type === 'radio') {
    const group = typeof widget.labels === 'object' && 'enum' in widget.labels ? widget.labels.enum : '';
    const options = widget.options.map((code) => ({ value: code, label: t(nameKey.option(group, code)) }));
    return <SelectField label={label} required={required} options={options} {...field} />;
  }
  if (widget.type === 'textarea') return <TextAreaField label={label} required={required} {...field} />;
  if (widget.type === 'count')
    return <TextField label={label} required={required} type="text" inputMode="numeric" {...field} />;
  const type = widget.type === 'date' || widget.type === 'url' ? widget.type : 'text';
  return <TextField label={label} required={required} type={type} {...field} />;
}
