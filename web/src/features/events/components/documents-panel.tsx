import { apiRoutes } from '@evt/contracts/routes';
import {
  EVENT_DOCUMENT_MAX_BYTES,
  EVENT_DOCUMENT_MAX_FILES,
  EVENT_DOCUMENT_TYPES,
} from '@evt/contracts/upstream-events';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadPanel } from '../../../components/ui/upload-panel';
import { useActionAccess } from '../../../lib/queries/permissions';
import { errorMessageKey } from '../../../lib/api-error';
import { useDateFormatter } from '../../../lib/format';
import { checkFile } from '../../../lib/check-file';
import { useDeleteDocumentMutation } from '../api/document-edits';
import { useDocuments, useUploadDocumentsMutation } from '../api/event-console';
import { DocumentRow } from './document-row';
import { ErrorAlert } from '../../../components/ui/alert';
import type { MessageKey } from '../../../lib/i18n/keys';

const sizeOf = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The event's documents: several files at once, with progress, then the list (download links). */
export function DocumentsPanel({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const documents = useDocuments(eventId);
  const access = useActionAccess(eventId, apiRoutes.documents.upload);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<MessageKey | null>(null);
  const upload = useUploadDocumentsMutation(eventId, setProgress);
  // here, not in the row: the row goes at once, and the panel announces a refusal
  const remove = useDeleteDocumentMutation(eventId);

  const choose = (list: FileList | null) => {
    setError(null);
    upload.reset();
    const chosen = Array.from(list ?? []);
    if (chosen.length > EVENT_DOCUMENT_MAX_FILES) return setError('console.documents.tooMany');
    const problem = chosen
      .map((f) => checkFile(f, EVENT_DOCUMENT_MAX_BYTES, EVENT_DOCUMENT_TYPES))
      .find(Boolean);
    if (problem) return setError(problem);
    setFiles(chosen);
  };
  const send = () => {
    setProgress(0);
    upload.mutate(files, {
      onSuccess: () => {
        setFiles([]);
        if (input.current) input.current.value = '';
      },
      onError: (failure) => setError(errorMessageKey(failure)),
    });
  };

  return (
    <UploadPanel
      title={t('console.documents.title')}
      chooseLabel={t('console.documents.choose')}
      hint={t('console.documents.hint', { count: EVENT_DOCUMENT_MAX_FILES })}
      accept={EVENT_DOCUMENT_TYPES}
      multiple
      inputRef={input}
      onChoose={choose}
      pending={upload.isPending}
      progress={progress}
      error={error}
      done={upload.isSuccess}
      doneMessage={t('console.documents.saved')}
      submitLabel={t('console.documents.upload')}
      canSubmit={files.length > 0}
      access={access}
      onSubmit={send}
    >
      <ErrorAlert error={remove.error} />
      {documents.data && documents.data.length === 0 ? <p>{t('console.documents.empty')}</p> : null}
      {documents.data && documents.data.length > 0 ? (
        <ul className="documents">
          {documents.data.map((doc) => (
            <DocumentRow
              key={doc.id}
              eventId={eventId}
              doc={doc}
              meta={`${sizeOf(doc.size)} · ${formatDate(doc.createdAt)}`}
              onDelete={() => remove.mutate(doc.id)}
            />
          ))}
        </ul>
      ) : null}
    </UploadPanel>
  );
}
