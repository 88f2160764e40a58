import '../registration.css';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { withQuestions } from '@evt/contracts/forms/questions';
import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocale } from '../../../lib/locale-path';
import { useEventForms } from '../api/event-forms';
import { EventBanner } from '../components/event-banner';
import { KioskDone } from '../components/kiosk-done';
import { KioskLeave } from '../components/kiosk-leave';
import { type ClosedReason, RegistrationForm } from '../components/registration-form';

/** What a form page says when the form takes no more registrations, by reason. */
const CLOSED_MESSAGE = {
  closed: 'errors.formClosed',
  deadline: 'errors.formDeadlinePassed',
  full: 'errors.formFull',
} as const satisfies Record<ClosedReason, string>;
import { formTitleIn } from '../lib/event-texts';
import { type FormModule, loadedFormModule, loadFormModule } from '../lib/form-modules';
import { useKioskMode } from '../lib/kiosk';
import type { VisitorFormRoute } from '../lib/visitor-routes';

/** The form a route shows from the event's offer, and its kind (the route's first one when none is offered). */
export function chosenForm(forms: PublicEventForms | undefined, route: Pick<VisitorFormRoute, 'kinds'>) {
  const offered = forms?.forms.filter((f) => route.kinds.includes(f.kind)) ?? [];
  // `exposant`: the current exhibitor form unless the event offers only the older field set
  const chosen = offered.find((f) => f.open) ?? offered[0];
  const kind: RegistrationKind = chosen?.kind ?? route.kinds[0]!;
  return { chosen, kind };
}

/** A visitor registration form: which forms the event offers decides between the form and a clear page. */
export function VisitorForm({ route }: { route: VisitorFormRoute }) {
  const { t } = useTranslation();
  const forms = useEventForms(route.slug);
  const { chosen, kind } = chosenForm(forms.data, route);
  // the route usually waited for the form's module: then the form renders at once, without a spinner first
  const module = loadedFormModule(kind);
  const [, setArrived] = useState<FormModule | null>(null);
  const [closedBy, setClosed] = useState<ClosedReason | null>(null);
  // kiosk mode: each visitor gets a new, empty form (a new key), the last one's confirmation between
  const kiosk = useKioskMode();
  const [visitor, setVisitor] = useState(0);
  const [done, setDone] = useState<{ email: string; place?: number | undefined } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const nextVisitor = () => {
    setDone(null);
    setVisitor((n) => n + 1);
    requestAnimationFrame(() => titleRef.current?.focus());
  };
  useEffect(() => {
    if (module) return;
    let live = true;
    void loadFormModule(kind).then((m) => live && setArrived(m));
    return () => {
      live = false;
    };
  }, [kind, module]);
  const locale = useLocale();
  const title =
    (chosen && forms.data ? formTitleIn(chosen, forms.data.event.languages, locale) : null) ??
    t(`forms.kinds.${kind}.title`);
  useDocumentTitle(title);
  const layout = module?.form.layout ?? 'form';
  // past the organiser's closing date, the form says so before anyone fills it in
  const closed =
    closedBy ?? (chosen?.closesAt && Date.parse(chosen.closesAt) <= Date.now() ? 'deadline' : null);

  let body: React.ReactNode;
  if (forms.isPending || (!module && !forms.isError && chosen?.open)) body = <PageSpinner />;
  else if (forms.isError || !chosen)
    body = (
      <Alert tone="error" title={t('registration.unavailable.title')}>
        {isApiError(forms.error) && forms.error.status === 0
          ? t('errors.connection')
          : t('registration.unavailable.unknown')}
      </Alert>
    );
  else if (!chosen.open || closed)
    body = (
      <Alert tone="info" title={t('registration.unavailable.closedTitle')}>
        {t(CLOSED_MESSAGE[closed ?? 'closed'])}
      </Alert>
    );
  else if (done) body = <KioskDone email={done.email} place={done.place} onNext={nextVisitor} />;
  else if (module && forms.data)
    body = (
      <RegistrationForm
        key={visitor}
        {...(kiosk
          ? { kiosk: { onDone: (email: string, place?: number) => setDone({ email, place }) } }
          : {})}
        form={withQuestions(module.form, chosen.questions)}
        eventSlug={forms.data.event.slug}
        formId={route.formId ?? chosen.formId}
        privacy={{ notice: forms.data.event.privacy, eventTitle: forms.data.event.title }}
        onClosed={setClosed}
      />
    );

  return (
    <NeutralLayout variant={layout} locked={kiosk}>
      {forms.data ? <EventBanner event={forms.data.event} /> : null}
      <h1 className="page-title" ref={titleRef} tabIndex={kiosk ? -1 : undefined}>
        {title}
      </h1>
      {chosen?.open && !closed ? <p className="page-intro">{t(`forms.kinds.${kind}.intro`)}</p> : null}
      {body}
      {kiosk ? <KioskLeave /> : null}
    </NeutralLayout>
  );
}
