import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './ui/form';

/** A field's registration and error, as `useApiForm().field(name)` gives them. */
type Bound = { registration: UseFormRegisterReturn; error: FieldError | undefined };

/** The account fields that sign-in, sign-up, password reset and invitations share. */
export function EmailField(props: Bound) {
  const { t } = useTranslation();
  return <TextField label={t('auth.fields.email')} type="email" autoComplete="email" required {...props} />;
}

export function CurrentPasswordField(props: Bound) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.password')}
      type="password"
      autoComplete="current-password"
      required
      {...props}
    />
  );
}

export function PersonNameFields({ firstName, lastName }: { firstName: Bound; lastName: Bound }) {
  const { t } = useTranslation();
  return (
    <div className="form__row">
      <TextField label={t('auth.fields.firstName')} autoComplete="given-name" required {...firstName} />
      <TextField label={t('auth.fields.lastName')} autoComplete="family-name" required {...lastName} />
    </div>
  );
}

/** A new password and its confirmation; the label and hint differ between sign-up and reset. */
export function NewPasswordFields({
  label,
  hint,
  password,
  confirm,
}: {
  label: string;
  hint?: string;
  password: Bound;
  confirm: Bound;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        hint={hint}
        type="password"
        autoComplete="new-password"
        required
        {...password}
      />
      <TextField
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        {...confirm}
      />
    </>
  );
}
