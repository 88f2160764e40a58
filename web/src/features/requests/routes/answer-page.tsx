import '../requests.css';
import {
  answerFormFor,
  INFO_REQUEST_FILE,
  type PublicInfoRequest,
  type RequestItem,
} from '@evt/contracts/info-requests';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
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
import { useLinkKey } from '../../../lib/link-key';
import { useLocale } from '../../../lib/locale-path';
import { createReadCache, useRead } from '../../../lib/read-cache';
import { useApiForm } from '../../../lib/use-api-form';
import { fetchPublicRequest, sendAnswer, uploadRequestFile } from '../api/public-request';

type Upload = { progress: number } | { error: string };
const MB = Math.round(INFO_REQUEST_FILE.maxBytes / (1024 * 1024));

/** The request behind a link, read as every visitor page reads (lib/read-cache.ts). */
const requestRead = createReadCache((token: string) => fetchPublicRequest(token));

/** `/requests/{token}` → `/requests`: the address without the token */
const withoutToken = (pathname: string) => pathname.replace(/\/requests\/[^/]+$/, '/requests');

function UnknownLink({ connection }: { connection: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('infoRequests.public.pageTitle')}</h1>
      <Alert tone="error" title={t('infoRequests.public.unknownTitle')}>
        {connection ? t('errors.connection') : t('infoRequests.public.unknownText')}
      </Alert>
    </>
  );
}

/**
 * `/requests#key={token}` (and the older `/requests/{token}`; lib/link-key.ts) (public, requests layout):
 * the organiser's message, the fields to fill and the documents to upload; each document goes up as soon
 * as it is chosen (typed by content and limited as the registration forms' documents), the answer is sent
 * once. An unknown, expired or cancelled link reads the same: the page does not say whether it existed.
 */
export function AnswerPage(props: { token: string | null }) {
  const token = useLinkKey('request', props.token, withoutToken);
  return token === null ? <NoLink /> : <RequestPage token={token} />;
}

function NoLink() {
  const { t } = useTranslation();
  useDocumentTitle(t('infoRequests.public.pageTitle'));
  return (
    <NeutralLayout variant="requests">
      <UnknownLink connection={false} />
    </NeutralLayout>
  );
}

function RequestPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const loaded = useRead(requestRead, token);
  const request = loaded.data;
  // the event's name in the page's language when written, else the main one, marked
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

  let body: React.ReactNode;
  if (loaded.isPending) body = <PageSpinner />;
  else if (!request || !eventName)
    body = <UnknownLink connection={!(isApiError(loaded.error) && loaded.error.status === 404)} />;
  else body = <AnswerForm token={token} request={request} eventName={eventName} />;
  return <NeutralLayout variant="requests">{body}</NeutralLayout>;
}

type EventName = NonNullable<ReturnType<typeof eventNameOnPage>>;

/** The request's items on the shared form hook: the texts typed, the documents by their uploaded name. */
function AnswerForm(props: { token: string; request: PublicInfoRequest; eventName: EventName }) {
  const { token, request, eventName } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const schema = useMemo(() => answerFormFor(request.items), [request]);
  const fieldName = (item: RequestItem) =>
    (item.kind === 'text' ? `answers.${item.key}` : `documents.${item.key}`) as Path<z.input<typeof schema>>;
  const form = useApiForm(schema, {
    defaultValues: {
      answers: Object.fromEntries(request.items.filter((i) => i.kind === 'text').map((i) => [i.key, ''])),
      documents: Object.fromEntries(
        request.items.filter((i) => i.kind !== 'text').map((i) => [i.key, i.file?.name ?? '']),
      ),
    },
    fields: request.items.map(fieldName),
  });
  const [uploads, setUploads] = useState<Record<string, Upload>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(request.answered);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const upload = (item: RequestItem, file: File | undefined) => {
    if (!file) return;
    const name = fieldName(item);
    const refused = checkFile(file, INFO_REQUEST_FILE.maxBytes, INFO_REQUEST_FILE.types);
    if (refused) return setUploads((u) => ({ ...u, [item.key]: { error: refused } }));
    setUploads((u) => ({ ...u, [item.key]: { progress: 0 } }));
    uploadRequestFile(token, { item: item.key, file }, (progress) =>
      setUploads((u) => ({ ...u, [item.key]: { progress } })),
    ).then(
      (result) => {
        setUploads(({ [item.key]: _, ...rest }) => rest);
        form.setValue(name, result.name);
        form.clearErrors(name);
      },
      (error: unknown) =>
        setUploads((u) => ({
          ...u,
          [item.key]: { error: isApiError(error) ? error.code : 'errors.connection' },
        })),
    );
  };

  const submit = form.submit((values, fail) => {
    setBusy(true);
    sendAnswer(token, { answers: values.answers }).then(
      () => {
        setBusy(false);
        setDone(true);
      },
      (error: unknown) => {
        setBusy(false);
        fail(error);
      },
    );
  });

  if (done)
    return (
      <>
        <h1 className="page-title" ref={doneRef} tabIndex={-1}>
          {t('infoRequests.public.doneTitle')}
        </h1>
        <p>{t('infoRequests.public.doneText')}</p>
      </>
    );
  return (
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
      {form.formError ? (
        <Alert tone="error" title={t('errors.generic')}>
          {t(form.formError)}
        </Alert>
      ) : null}
      <Form onSubmit={submit} aria-labelledby="request-title">
        {request.items.map((item) => {
          const { registration, error } = form.field(fieldName(item));
          const label = item.required ? item.label : `${item.label} (${t('infoRequests.public.optional')})`;
          if (item.kind === 'text')
            return (
              <FieldShell key={item.key} label={label} required={item.required} error={error}>
                {({ inputId, describedBy, invalid }) => (
                  <textarea
                    id={inputId}
                    className="input input--area"
                    rows={3}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    aria-required={item.required || undefined}
                    {...registration}
                  />
                )}
              </FieldShell>
            );
          const state = uploads[item.key];
          const uploaded = form.watch(fieldName(item)) as string;
          return (
            <FieldShell
              key={item.key}
              label={t('infoRequests.public.file', { label })}
              required={item.required}
              hint={t('infoRequests.public.types', { size: MB })}
              error={state && 'error' in state ? { type: 'server', message: state.error } : error}
            >
              {({ inputId, describedBy, invalid }) => (
                <>
                  <input type="hidden" {...registration} />
                  <input
                    id={inputId}
                    type="file"
                    className="input"
                    accept={INFO_REQUEST_FILE.types.join(',')}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    required={item.required}
                    onChange={(e) => upload(item, e.target.files?.[0])}
                  />
                  <p role="status" className="field__hint">
                    {state && 'progress' in state ? t('infoRequests.public.uploading') : null}
                    {!state && uploaded ? t('infoRequests.public.uploaded', { name: uploaded }) : null}
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
}
