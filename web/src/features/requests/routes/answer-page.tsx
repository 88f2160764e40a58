import '../requests.css';
import { INFO_REQUEST_FILE, type PublicInfoRequest } from '@evt/contracts/info-requests';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventNameOnPage, WithEventName } from '../../../components/event-name';
import { LanguageNote } from '../../../components/language-note';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldShell, Form } from '../../../components/ui/form';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { checkFile } from '../../../lib/check-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { contractKey } from '../../../lib/i18n/keys';
import { useLocale } from '../../../lib/locale-path';
import { fetchPublicRequest, sendAnswer, uploadRequestFile } from '../api/public-request';

type Loaded = { request: PublicInfoRequest } | { unknown: true } | { failed: unknown };
type Upload = { name: string } | { progress: number } | { error: string };
const MB = Math.round(INFO_REQUEST_FILE.maxBytes / (1024 * 1024));

/**
 * `/requests/{token}` (public, requests layout): the organiser's message, the fields to fill and the
 * documents to upload; each document goes up as soon as it is chosen (typed by content and limited as the
 * registration forms' documents), the answer is sent once. An unknown, expired or cancelled link reads the
 * same: the page does not say whether it existed.
 */
export function AnswerPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [uploads, setUploads] = useState<Record<string, Upload>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchPublicRequest(token, abort.signal).then(
      (request) => {
        setLoaded({ request });
        setDone(request.answered);
        setUploads(
          Object.fromEntries(
            request.items.flatMap((i) => (i.file ? [[i.key, { name: i.file.name }] as const] : [])),
          ),
        );
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setLoaded(isApiError(error) && error.status === 404 ? { unknown: true } : { failed: error });
      },
    );
    return () => abort.abort();
  }, [token]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const request = loaded && 'request' in loaded ? loaded.request : null;
  // the event's name in the page's language when written, else the main one, marked (issue 16)
  const eventName =
    request &&
    eventNameOnPage(
      { main: request.event.title, versions: request.event.titles, languages: request.event.languages },
      locale,
    );
  useDocumentTitle(
    eventName
      ? t('infoRequests.public.title', { event: eventName.text })
      : t('infoRequests.public.pageTitle'),
  );

  const upload = (item: string, file: File | undefined) => {
    if (!file) return;
    const refused = checkFile(file, INFO_REQUEST_FILE.maxBytes, INFO_REQUEST_FILE.types);
    if (refused) return setUploads((u) => ({ ...u, [item]: { error: refused } }));
    setUploads((u) => ({ ...u, [item]: { progress: 0 } }));
    uploadRequestFile(token, { item, file }, (progress) =>
      setUploads((u) => ({ ...u, [item]: { progress } })),
    ).then(
      (result) => {
        setUploads((u) => ({ ...u, [item]: { name: result.name } }));
        setErrors(({ [item]: _, ...rest }) => rest);
      },
      (error: unknown) =>
        setUploads((u) => ({
          ...u,
          [item]: { error: isApiError(error) ? error.code : 'errors.connection' },
        })),
    );
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!request) return;
    const missing = Object.fromEntries(
      request.items
        .filter((i) => i.required)
        .filter((i) => {
          const sent = uploads[i.key];
          return i.kind === 'text' ? !texts[i.key]?.trim() : !(sent && 'name' in sent);
        })
        .map((i) => [i.key, 'validation.required']),
    );
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length) return;
    setBusy(true);
    sendAnswer(token, { answers: texts }).then(
      () => {
        setBusy(false);
        setDone(true);
      },
      (error: unknown) => {
        setBusy(false);
        const fields = isApiError(error) ? error.fieldErrors : undefined;
        if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
        else setFormError(error);
      },
    );
  };

  let body: React.ReactNode;
  if (!loaded) body = <PageSpinner />;
  else if (!request)
    body = (
      <>
        <h1 className="page-title">{t('infoRequests.public.pageTitle')}</h1>
        <Alert tone="error" title={t('infoRequests.public.unknownTitle')}>
          {'unknown' in loaded ? t('infoRequests.public.unknownText') : t('errors.connection')}
        </Alert>
      </>
    );
  else if (done)
    body = (
      <>
        <h1 className="page-title" ref={doneRef} tabIndex={-1}>
          {t('infoRequests.public.doneTitle')}
        </h1>
        <p>{t('infoRequests.public.doneText')}</p>
      </>
    );
  else
    body = (
      <article aria-labelledby="request-title">
        <h1 className="page-title" id="request-title">
          {eventName ? (
            <WithEventName
              sentence={(event) => t('infoRequests.public.title', { event })}
              name={eventName}
              page={locale}
            />
          ) : null}
        </h1>
        {eventName ? <LanguageNote shown={eventName.locale} page={locale} /> : null}
        <p>{t('infoRequests.public.intro')}</p>
        <blockquote className="info-request__message">{request.message}</blockquote>
        {formError ? (
          <Alert tone="error" title={t('errors.generic')}>
            {t(contractKey(isApiError(formError) ? formError.code : undefined, 'errors.connection'))}
          </Alert>
        ) : null}
        <Form onSubmit={submit} aria-labelledby="request-title">
          {request.items.map((item) => {
            const error = errors[item.key];
            const label = item.required ? item.label : `${item.label} (${t('infoRequests.public.optional')})`;
            const shellError = error ? { type: 'server', message: error } : undefined;
            if (item.kind === 'text')
              return (
                <FieldShell key={item.key} label={label} required={item.required} error={shellError}>
                  {({ inputId, describedBy, invalid }) => (
                    <textarea
                      id={inputId}
                      className="input input--area"
                      rows={3}
                      aria-invalid={invalid}
                      aria-describedby={describedBy}
                      aria-required={item.required || undefined}
                      value={texts[item.key] ?? ''}
                      onChange={(e) => setTexts((v) => ({ ...v, [item.key]: e.target.value }))}
                    />
                  )}
                </FieldShell>
              );
            const state = uploads[item.key];
            return (
              <FieldShell
                key={item.key}
                label={t('infoRequests.public.file', { label })}
                required={item.required}
                hint={t('infoRequests.public.types', { size: MB })}
                error={state && 'error' in state ? { type: 'server', message: state.error } : shellError}
              >
                {({ inputId, describedBy, invalid }) => (
                  <>
                    <input
                      id={inputId}
                      type="file"
                      className="input"
                      accept={INFO_REQUEST_FILE.types.join(',')}
                      aria-invalid={invalid}
                      aria-describedby={describedBy}
                      required={item.required}
                      onChange={(e) => upload(item.key, e.target.files?.[0])}
                    />
                    <p role="status" className="field__hint">
                      {state && 'progress' in state ? t('infoRequests.public.uploading') : null}
                      {state && 'name' in state
                        ? t('infoRequests.public.uploaded', { name: state.name })
                        : null}
                    </p>
                  </>
                )}
              </FieldShell>
            );
          })}
          <Button type="submit" busy={busy}>
            {t('infoRequests.public.submit')}
          </Button>
        </Form>
      </article>
    );
  return <NeutralLayout variant="requests">{body}</NeutralLayout>;
}
