import { emptyValue, type FormDefinition } from '@evt/contracts/forms/define';
import { type RegistrationKind, submittedPage } from '@evt/contracts/forms/kinds';
import { errorCode } from '@evt/contracts/errors';
import { fieldErrors, msg } from '@evt/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { type FieldError, type FieldErrors, FormProvider, get, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { useFirstRenderDone } from '../../../lib/first-render';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { showToast } from '../../../lib/toast';
import { submitRegistration } from '../api/public-registration';
import { clearDraft, type Draft, loadDraft, saveDraft } from '../lib/draft-storage';
import { isServerRenderedForm, serverRenderedFormHydrated } from '../lib/server-rendered';
import { isControlled } from '../lib/widgets';
import { FormField } from './form-field';
import { PrivacyNotice } from './privacy-notice';
import { PRIVACY_CONSENT_FIELD } from '@evt/contracts/forms/consent';
import type { PublicPrivacy } from '@evt/contracts/privacy-notice';
import { type MessageKey, nameKey } from '../../../lib/i18n/keys';

interface Props {
  form: FormDefinition;
  eventSlug: string;
  formId?: number | null;
  /** the organiser's privacy notice, read before the consent box that ends the form */
  privacy: { notice?: PublicPrivacy | undefined; eventTitle: string };
  /**
   * the form stopped taking registrations while the visitor filled it in: closed by the organiser, past its
   * closing date, or full without a waiting list
   */
  onClosed: (reason: ClosedReason) => void;
  /**
   * Registration kiosk: nothing is kept in the tab nor offered by the browser's autofill, and an
   * accepted registration calls this instead of leaving for the submitted page (no history entry holds it).
   */
  kiosk?: { onDone: (email: string, place?: number) => void };
}

type Values = Record<string, unknown>;

/** Why a form takes no more registrations (the form page's message). */
export type ClosedReason = 'closed' | 'deadline' | 'full';
const closedReasonOf = (code: string): ClosedReason =>
  code === errorCode.formFull ? 'full' : code === errorCode.formDeadlinePassed ? 'deadline' : 'closed';

/** About a phone screen of fields: the page's first render shows these, the rest one task later. */
const FIRST_RENDER_FIELDS = 6;

const isBlank = (value: unknown) =>
  value == null || value === '' || value === false || (Array.isArray(value) && value.length === 0);

const errorToast = (
  message: MessageKey = 'registration.toast.errorMessage',
  title: MessageKey = 'registration.toast.errorTitle',
) => showToast({ kind: 'error', title, message });

/**
 * A refused submission says the real wait, in minutes (the limit's window is 15 minutes, not "a moment");
 * the entries stay in the form and the tab.
 */
const waitToast = (retryAfterSeconds: number | undefined) =>
  showToast({
    kind: 'error',
    title: 'publicLimits.title',
    message: 'publicLimits.retryInMinutes',
    values: { count: Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)) },
  });

/** A field's error in the form's own wording of its message (the B2B form's texts, spec sections 5 and 8). */
const worded = (form: FormDefinition, error: FieldError | undefined): FieldError | undefined => {
  const own = error?.message && form.wording[error.message as keyof FormDefinition['wording']];
  return own ? { ...error, message: own } : error;
};

/** Some field of the step is missing: the step says 'Please fill in all required fields (*)' (spec section 5). */
const missesRequired = (errors: FieldErrors) =>
  Object.values(errors).some((error) => error?.message === msg.required);

/** The submitted page of a kind: participants go to the spec's `/submitted/particapant` (spelled so). */
export function submittedPath(kind: RegistrationKind, slug: string): string {
  const page = submittedPage(kind);
  const segment = page === 'participant' && kind.startsWith('participant') ? 'particapant' : page;
  return `/events-${slug}/submitted/${segment}`;
}

/**
 * The one multi-step engine of every registration form: react-hook-form with the zod resolver of the
 * current step's schema (from the contracts), so Next validates that step's fields only and the last step
 * the whole form. Entries are kept in sessionStorage (Back, Next, reload, failed submission) and cleared
 * once the registration is accepted; a kiosk keeps none.
 */
export function RegistrationForm({ form, eventSlug, formId, privacy, onClosed, kiosk }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const headingId = useId();
  const kind = form.kind as RegistrationKind;
  // the server drew this form empty (web/src/visitor/server.tsx): its hydration starts so, then takes in
  // the entries kept from before a reload under what the visitor typed before the script ran
  const [fromServer] = useState(isServerRenderedForm);
  const [interactive, setInteractive] = useState(!fromServer);
  const [kept] = useState(() => (kiosk ? null : loadDraft(eventSlug, kind)));
  const [step, setStep] = useState(() => (fromServer ? 0 : Math.min(kept?.step ?? 0, form.steps.length - 1)));
  const [fileNames, setFileNames] = useState<Draft['fileNames']>(() =>
    fromServer ? {} : (kept?.fileNames ?? {}),
  );
  const [busy, setBusy] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const current = form.steps[step] ?? form.steps[0]!;
  const last = step === form.steps.length - 1;

  const methods = useForm<Values>({
    resolver: zodResolver(current.schema as z.ZodType<Values, Values>),
    reValidateMode: 'onSubmit',
    // A field without a default takes its value from the page when it registers: in the server's form,
    // what the visitor typed before hydration (react-hook-form would otherwise write the default over it).
    // The controlled widgets start empty: the server drew them so and nothing could be chosen in them.
    defaultValues: Object.fromEntries(
      Object.entries(form.widgets)
        .filter(([, widget]) => !fromServer || isControlled(widget))
        .map(([name, widget]) => [name, (fromServer ? undefined : kept?.values[name]) ?? emptyValue(widget)]),
    ),
  });
  const { getValues, setValue, setError, formState } = methods;
  const trap = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const complete = useFirstRenderDone();

  // saved in the same task as the change: a reload right after typing must find the last keystroke
  const position = useRef({ step, fileNames });
  position.current = { step, fileNames };
  const persist = () => {
    if (!kiosk) saveDraft(eventSlug, kind, { ...position.current, values: getValues() });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one subscription for the form's life
  useEffect(() => methods.subscribe({ formState: { values: true }, callback: persist }), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: saved when the step or the files change
  useLayoutEffect(persist, [step, fileNames]);

  // Hydrated: the fields hold what the visitor typed before the script ran (read as they registered); the
  // entries kept in this tab fill the others. In a passive effect: the hydration's commit stays one task.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the server's form has hydrated
  useEffect(() => {
    if (!fromServer) return;
    serverRenderedFormHydrated();
    setInteractive(true);
    // what was typed before hydration is kept in the tab at once: a language switch right away keeps it
    persist();
    if (!kept) return;
    const typed = Object.entries(getValues()).filter(([, value]) => !isBlank(value));
    for (const [name, value] of Object.entries(kept.values))
      if (name in form.widgets && !typed.some(([n]) => n === name)) setValue(name, value);
    setFileNames(kept.fileNames);
    // a visitor who has started typing stays on the step they see
    if (typed.length === 0) setStep(Math.min(kept.step, form.steps.length - 1));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step change only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  /** Errors found by the whole schema or the server: on their fields, on the first step holding one. */
  function showErrors(found: Record<string, string[]>, prefix = '') {
    let first = -1;
    for (const [path, keys] of Object.entries(found)) {
      if (!path.startsWith(prefix)) continue;
      const name = path.slice(prefix.length).split('.')[0] ?? path;
      setError(name, { type: 'validate', message: keys[0] ?? 'validation.invalidInput' });
      const index = form.steps.findIndex((s) => s.fields.includes(name));
      if (index >= 0 && (first < 0 || index < first)) first = index;
    }
    if (first >= 0) setStep(first);
    errorToast();
  }

  async function submit() {
    const all = form.schema.safeParse(getValues());
    if (!all.success) return showErrors(fieldErrors(all.error));
    setBusy(true);
    try {
      const accepted = await submitRegistration(eventSlug, kind, {
        locale,
        website: trap.current?.value ?? '',
        ...(formId ? { formId } : {}),
        data: all.data as Values,
      });
      clearDraft(eventSlug, kind);
      if (kiosk) return kiosk.onDone(accepted.email, accepted.place);
      // a full form's waiting list: the submitted page tells the visitor its place
      navigate(lp(submittedPath(kind, eventSlug)), {
        state: { email: accepted.email, kind, ...(accepted.place ? { place: accepted.place } : {}) },
      });
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      if (isApiError(error) && status === 400 && Object.keys(error.fieldErrors).length)
        showErrors(error.fieldErrors, 'data.');
      else if (status === 410 || status === 404)
        onClosed(closedReasonOf(isApiError(error) ? error.code : ''));
      else if (isApiError(error) && error.code === errorCode.formFull) onClosed('full');
      else if (status === 429) waitToast(isApiError(error) ? error.retryAfterSeconds : undefined);
      else errorToast(form.wording[errorCode.connection] ?? 'errors.connection', 'errors.connectionTitle');
    } finally {
      setBusy(false);
    }
  }

  // the resolver is the current step's schema: invalid fields get their errors and the first is focused
  const onSubmit = methods.handleSubmit(
    async () => {
      setIncomplete(false);
      if (busy) return;
      if (last) await submit();
      else setStep(step + 1);
    },
    (errors) => setIncomplete(missesRequired(errors)),
  );

  const shownFields = complete ? current.fields : current.fields.slice(0, FIRST_RENDER_FIELDS);
  return (
    <FormProvider {...methods}>
      <form
        noValidate
        className="form registration-form"
        aria-labelledby={headingId}
        onSubmit={onSubmit}
        autoComplete={kiosk ? 'off' : undefined}
      >
        {form.steps.length > 1 ? (
          <p className="registration-form__progress">
            {t('forms.common.stepOf', { current: step + 1, total: form.steps.length })}
          </p>
        ) : null}
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="registration-form__step">
          {t(nameKey.step(current.id))}
        </h2>
        <p className="field__hint">{t('forms.common.requiredNote')}</p>
        {shownFields.map((name) => (
          <Fragment key={name}>
            {name === PRIVACY_CONSENT_FIELD ? (
              <PrivacyNotice privacy={privacy.notice} eventTitle={privacy.eventTitle} />
            ) : null}
            <FormField
              name={name}
              widget={form.widgets[name]!}
              error={worded(form, get(formState.errors, name))}
              required={form.required[name]!}
              text={form.labels[name]}
              maxLength={form.maxLengths[name]}
              kiosk={!!kiosk}
              upload={{
                eventSlug,
                kind,
                fileNames: fileNames[name] ?? [],
                onFileNames: (names) => setFileNames((all) => ({ ...all, [name]: names })),
              }}
            />
          </Fragment>
        ))}
        {/* honeypot: off-screen and out of the tab order; people leave it empty */}
        <div className="registration-form__trap" aria-hidden="true">
          <label>
            {t('registration.honeypot')}
            <input ref={trap} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {incomplete ? (
          <p className="field__error" role="alert">
            {t('validation.fillRequired')}
          </p>
        ) : null}
        {complete ? (
          <div className="registration-form__actions">
            {step > 0 ? (
              <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={busy}>
                {t('forms.common.back')}
              </Button>
            ) : null}
            {/* disabled until hydrated: Enter in a field would otherwise submit the page natively (a GET
                carrying the entries in its address); a disabled default button prevents that */}
            <Button type="submit" busy={busy} disabled={!interactive}>
              {last
                ? busy
                  ? t('forms.common.submitting')
                  : t('forms.common.submit')
                : t('forms.common.next')}
            </Button>
          </div>
        ) : null}
      </form>
    </FormProvider>
  );
}
