import type { FormDefinition } from '@evt/contracts/forms/define';
import { type RegistrationKind, submittedPage } from '@evt/contracts/forms/kinds';
import { fieldErrors } from '@evt/contracts/validation';
import { type FormEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { useFirstRenderDone } from '../../../lib/first-render';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { showToast } from '../../../lib/toast';
import { submitRegistration } from '../api/public-registration';
import { clearDraft, type Draft, loadDraft, saveDraft } from '../lib/draft-storage';
import { enteredValues, isServerRenderedForm, serverRenderedFormHydrated } from '../lib/server-rendered';
import { emptyValue, isRequired, type WidgetHints, widgetOf } from '../lib/widgets';
import { FormField } from './form-field';

interface Props {
  form: FormDefinition;
  eventSlug: string;
  formId?: number | null;
  hints?: WidgetHints;
  /** the form became closed while the visitor filled it in */
  onClosed: () => void;
}

type Errors = Record<string, string>;

/** About a phone screen of fields: the page's first render shows these, the rest one task later. */
const FIRST_RENDER_FIELDS = 6;

const firstErrors = (all: Record<string, string[]>, prefix = ''): Errors =>
  Object.fromEntries(
    Object.entries(all)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, keys]) => [
        path.slice(prefix.length).split('.')[0] ?? path,
        keys[0] ?? 'validation.invalidInput',
      ]),
  );

/** The submitted page of a kind: participants go to the spec's `/submitted/particapant` (spelled so). */
export function submittedPath(kind: RegistrationKind, slug: string): string {
  const page = submittedPage(kind);
  const segment = page === 'participant' && kind.startsWith('participant') ? 'particapant' : page;
  return `/events-${slug}/submitted/${segment}`;
}

/**
 * The one multi-step engine of every registration form: the steps and schemas come from the contracts,
 * each step validates its own fields, entries are kept in sessionStorage (Back, Next, reload, failed
 * submission) and cleared once the registration is accepted.
 */
export function RegistrationForm({ form, eventSlug, formId, hints, onClosed }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const headingId = useId();
  const kind = form.kind as RegistrationKind;
  // the server drew this form empty (web/src/visitor/server.tsx): its hydration starts so, then takes in
  // what the visitor entered before the script ran and the entries kept from before a reload
  const [fromServer] = useState(isServerRenderedForm);
  const [interactive, setInteractive] = useState(!fromServer);
  const initial = useMemo<Draft>(() => {
    const empty = Object.fromEntries(
      form.steps.flatMap((s) => s.fields).map((f) => [f, emptyValue(form, f)]),
    );
    const saved = fromServer ? null : loadDraft(eventSlug, kind);
    return {
      step: Math.min(saved?.step ?? 0, form.steps.length - 1),
      values: { ...empty, ...(saved?.values ?? {}) },
      fileNames: saved?.fileNames ?? {},
    };
  }, [form, eventSlug, kind, fromServer]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [website, setWebsite] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);
  const complete = useFirstRenderDone();

  // Hydrated: the fields still hold what the visitor typed before the script ran (React leaves a hydrated
  // field's value alone); it goes into the state, over the entries kept in this tab (read before the
  // hydration's own draft is saved). In a passive effect: the hydration's commit stays one task and this
  // update the next; a keystroke in between goes through onChange and is read from the field here too.
  const [kept] = useState(() => (fromServer ? loadDraft(eventSlug, kind) : null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the server's form has hydrated
  useEffect(() => {
    if (!fromServer) return;
    serverRenderedFormHydrated();
    setInteractive(true);
    const entered = formRef.current
      ? enteredValues(formRef.current, form, form.steps[0]?.fields ?? [], hints)
      : {};
    const typed = Object.keys(entered).length > 0;
    if (!kept && !typed) return;
    setDraft((d) => ({
      // a visitor who has started typing stays on the step they see
      step: kept && !typed ? Math.min(kept.step, form.steps.length - 1) : d.step,
      values: { ...d.values, ...kept?.values, ...entered },
      fileNames: kept?.fileNames ?? d.fileNames,
    }));
    const website = formRef.current?.querySelector<HTMLInputElement>('input[name="website"]')?.value;
    if (website) setWebsite(website);
  }, []);

  // saved in the same task as the change, not after the next frame (useEffect): a reload right after
  // typing must find the last keystroke
  useLayoutEffect(() => saveDraft(eventSlug, kind, draft), [draft, eventSlug, kind]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step change only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [draft.step]);

  const step = form.steps[draft.step] ?? form.steps[0]!;
  const last = draft.step === form.steps.length - 1;
  const shownFields = complete ? step.fields : step.fields.slice(0, FIRST_RENDER_FIELDS);

  const setValue = (name: string, value: unknown) => {
    setDraft((d) => ({ ...d, values: { ...d.values, [name]: value } }));
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _, ...rest } = e;
      return rest;
    });
  };

  function validateStep(): boolean {
    const parsed = step.schema.safeParse(draft.values);
    if (parsed.success) return true;
    setErrors(firstErrors(fieldErrors(parsed.error)));
    focusFirstError();
    return false;
  }

  function focusFirstError() {
    requestAnimationFrame(() => {
      const invalid = document.querySelector<HTMLElement>(
        '.registration-form [aria-invalid="true"], .registration-form .field--invalid input',
      );
      invalid?.focus();
    });
  }

  async function submit() {
    const all = form.schema.safeParse(draft.values);
    if (!all.success) {
      const found = firstErrors(fieldErrors(all.error));
      const stepIndex = form.steps.findIndex((s) => s.fields.some((f) => found[f]));
      setErrors(found);
      if (stepIndex >= 0) setDraft((d) => ({ ...d, step: stepIndex }));
      showToast({
        kind: 'error',
        title: 'registration.toast.errorTitle',
        message: 'registration.toast.errorMessage',
      });
      return;
    }
    setBusy(true);
    try {
      const accepted = await submitRegistration(eventSlug, kind, {
        locale,
        website,
        ...(formId ? { formId } : {}),
        data: draft.values,
      });
      clearDraft(eventSlug, kind);
      navigate(lp(submittedPath(kind, eventSlug)), { state: { email: accepted.email, kind } });
    } catch (error) {
      if (isApiError(error) && error.status === 400 && Object.keys(error.fieldErrors).length) {
        const found = firstErrors(error.fieldErrors, 'data.');
        setErrors(found);
        const stepIndex = form.steps.findIndex((s) => s.fields.some((f) => found[f]));
        if (stepIndex >= 0) setDraft((d) => ({ ...d, step: stepIndex }));
        showToast({
          kind: 'error',
          title: 'registration.toast.errorTitle',
          message: 'registration.toast.errorMessage',
        });
      } else if (isApiError(error) && (error.status === 410 || error.status === 404)) {
        onClosed();
      } else if (isApiError(error) && error.status === 429) {
        showToast({ kind: 'error', title: 'registration.toast.errorTitle', message: 'errors.rateLimited' });
      } else {
        showToast({ kind: 'error', title: 'errors.connectionTitle', message: 'errors.connection' });
      }
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !validateStep()) return;
    if (last) void submit();
    else setDraft((d) => ({ ...d, step: d.step + 1 }));
  }

  return (
    <form
      ref={formRef}
      noValidate
      className="form registration-form"
      aria-labelledby={headingId}
      onSubmit={onSubmit}
    >
      {form.steps.length > 1 ? (
        <p className="registration-form__progress">
          {t('forms.common.stepOf', { current: draft.step + 1, total: form.steps.length })}
        </p>
      ) : null}
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="registration-form__step">
        {t(`forms.steps.${step.id}`)}
      </h2>
      <p className="field__hint">{t('forms.common.requiredNote')}</p>
      {shownFields.map((name) => (
        <FormField
          key={name}
          name={name}
          widget={widgetOf(form, name, hints)}
          value={draft.values[name]}
          error={errors[name]}
          required={isRequired(form, name)}
          onChange={(value) => setValue(name, value)}
          upload={{
            eventSlug,
            kind,
            fileNames: draft.fileNames[name] ?? [],
            onFileNames: (names) => setDraft((d) => ({ ...d, fileNames: { ...d.fileNames, [name]: names } })),
          }}
        />
      ))}
      {/* honeypot: off-screen and out of the tab order; people leave it empty */}
      <div className="registration-form__trap" aria-hidden="true">
        <label>
          {t('registration.honeypot')}
          <input
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(e) => setWebsite(e.target.value)}
          />
        </label>
      </div>
      {complete ? (
        <div className="registration-form__actions">
          {draft.step > 0 ? (
            <Button
              variant="secondary"
              onClick={() => setDraft((d) => ({ ...d, step: d.step - 1 }))}
              disabled={busy}
            >
              {t('forms.common.back')}
            </Button>
          ) : null}
          {/* disabled until hydrated: Enter in a field would otherwise submit the page natively (a GET
              carrying the entries in its address); a disabled default button prevents that */}
          <Button type="submit" busy={busy} disabled={!interactive}>
            {last ? (busy ? t('forms.common.submitting') : t('forms.common.submit')) : t('forms.common.next')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
