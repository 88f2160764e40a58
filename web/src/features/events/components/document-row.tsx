import { apiRoutes } from '@evt/contracts/routes';
import { documentRenameBody } from '@evt/contracts/documents';
import type { EventDocument } from '@evt/contracts/upstream-automation';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PermittedButton } from '../../../components/ui/permitted-button';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { Form, TextField } from '../../../components/ui/form';
import { API_PREFIX } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/use-api-form';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useRenameDocumentMutation } from '../api/document-edits';

/** The name without its extension: the upstream puts back the one of the file's real type. */
const baseName = (filename: string) => filename.replace(/\.[^.]+$/, '');

function RenameForm({ eventId, doc, onDone }: { eventId: number; doc: EventDocument; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameDocumentMutation(eventId);
  const form = useApiForm(documentRenameBody, {
    defaultValues: { filename: baseName(doc.filename) },
    fields: ['filename'],
  });
  const { setFocus } = form;
  useEffect(() => setFocus('filename'), [setFocus]);
  const onSubmit = form.submit(({ filename }, fail) =>
    rename.mutate({ documentId: doc.id, filename }, { onSuccess: onDone, onError: fail }),
  );
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.documentEdit.formLabel', { name: doc.filename })}>
      <FormAlert messageKey={form.formError} />
      <TextField
        label={t('console.documentEdit.nameField')}
        hint={t('console.documentEdit.nameHint')}
        required
        {...form.field('filename')}
      />
      <div className="form__row">
        <Button type="submit" size="sm" busy={rename.isPending}>
          {t('console.documentEdit.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * A document: download link, size and date, Rename (in place) and Delete (asks first, naming the file).
 */
export function DocumentRow({
  eventId,
  doc,
  meta,
  onDelete,
}: {
  eventId: number;
  doc: EventDocument;
  meta: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const renameButton = useReturnFocus<HTMLButtonElement>(renaming);
  if (renaming) {
    return (
      <li>
        <RenameForm eventId={eventId} doc={doc} onDone={() => setRenaming(false)} />
      </li>
    );
  }
  return (
    <li>
      <a href={`${API_PREFIX}/events/${eventId}/documents/${doc.id}`} download={doc.filename}>
        {doc.filename}
      </a>{' '}
      <span className="muted">{meta}</span>{' '}
      <PermittedButton
        eventId={eventId}
        call={apiRoutes.documents.rename}
        ref={renameButton}
        size="sm"
        variant="ghost"
        aria-label={t('console.documentEdit.renameLabel', { name: doc.filename })}
        onClick={() => setRenaming(true)}
      >
        {t('console.documentEdit.rename')}
      </PermittedButton>
      <ConfirmDelete
        label={t('console.documentEdit.deleteLabel', { name: doc.filename })}
        title={t('console.documentEdit.deleteTitle', { name: doc.filename })}
        description={t('console.documentEdit.deleteWarning')}
        onConfirm={onDelete}
      />
    </li>
  );
}
