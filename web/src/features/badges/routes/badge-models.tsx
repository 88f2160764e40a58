import {
  BADGE_PAGE_SIZE_NAMES,
  type BadgeField,
  type BadgePageSize,
  defaultBadgeModel,
} from '@evt/contracts/badges';
import { REGISTRATION_KINDS, type RegistrationKind } from '@evt/contracts/forms/kinds';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { contractKey } from '../../../lib/i18n/keys';
import { useEvent } from '../../../lib/queries/event';
import { useBadgeModels, useRemoveBadgeModelMutation, useSaveBadgeModelMutation } from '../api/badges';
import { BadgePreview } from '../components/badge-preview';
import { ElementTable } from '../components/element-table';
import { draftOf, fieldOfError, type ModelDraft, modelOf, resized } from '../lib/draft';

type Problem = { field: BadgeField | null; message: string };

/** `/events/badges-{eventId}`: one badge model per role, edited beside its live preview. */
export function BadgeModelsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const models = useBadgeModels(eventId);
  const save = useSaveBadgeModelMutation(eventId);
  const remove = useRemoveBadgeModelMutation(eventId);
  const [role, setRole] = useState<RegistrationKind>('participant');
  const [drafts, setDrafts] = useState<Partial<Record<RegistrationKind, ModelDraft>>>({});
  const [problems, setProblems] = useState<Problem[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(t('badges.editor.title'));
  const stored = models.data?.data.find((m) => m.role === role);
  const draft = drafts[role] ?? draftOf(stored ?? defaultBadgeModel('A6'));
  const model = useMemo(() => modelOf(draft), [draft]);
  const update = (next: ModelDraft) => {
    setDrafts((all) => ({ ...all, [role]: next }));
    setNotice(null);
  };
  const roleName = t(`badges.roles.${role}`);
  const onSave = () => {
    setProblems([]);
    save.mutate(
      { role, body: model },
      {
        onSuccess: () => setNotice(t('badges.editor.saved')),
        onError: (error) => {
          if (!(error instanceof ApiError) || !Object.keys(error.fieldErrors).length) return;
          setProblems(
            Object.entries(error.fieldErrors).flatMap(([path, messages]) =>
              messages.map((message) => ({ field: fieldOfError(path, model), message })),
            ),
          );
        },
      },
    );
  };
  return (
    <EventLayout event={event.data}>
      <div className="page badge-editor">
        <h1>{t('badges.editor.title')}</h1>
        <p>{t('badges.editor.intro')}</p>
        <ErrorAlert error={models.error ?? event.error} />
        {models.isPending ? <PageSpinner /> : null}
        <div className="badge-editor__controls">
          <Select
            label={t('badges.editor.role')}
            value={role}
            onChange={(e) => {
              setRole(e.target.value as RegistrationKind);
              setProblems([]);
              setNotice(null);
            }}
            options={REGISTRATION_KINDS.map((kind) => ({ value: kind, label: t(`badges.roles.${kind}`) }))}
          />
          <Select
            label={t('badges.editor.pageSize')}
            value={draft.pageSize}
            onChange={(e) => update(resized(draft, e.target.value as BadgePageSize))}
            options={BADGE_PAGE_SIZE_NAMES.map((size) => ({
              value: size,
              label: t(`badges.pageSizes.${size}`),
            }))}
          />
          {(['background', 'text', 'accent'] as const).map((name) => (
            <label className="field badge-editor__colour" key={name}>
              <span className="field__label">{t(`badges.editor.${name}`)}</span>
              <input
                type="color"
                value={draft[name]}
                onChange={(e) => update({ ...draft, [name]: e.target.value })}
              />
            </label>
          ))}
          <label className="field">
            <span className="field__label">{t('badges.editor.bandHeight')}</span>
            <input
              className="input input--number"
              type="number"
              min={0}
              max={60}
              value={draft.bandHeight}
              onChange={(e) => update({ ...draft, bandHeight: Number(e.target.value) })}
            />
          </label>
        </div>
        {!stored ? <p className="muted">{t('badges.editor.notSaved')}</p> : null}
        <div className="badge-editor__layout">
          <section aria-labelledby="badge-preview-title" className="badge-editor__preview">
            <h2 id="badge-preview-title">{t('badges.editor.preview')}</h2>
            <BadgePreview
              model={model}
              label={t('badges.editor.previewLabel', { role: roleName })}
              logo={event.data?.logo ? `/api${event.data.logo}` : null}
              texts={{
                name: t('badges.editor.sampleName'),
                organisation: t('badges.editor.sampleOrganisation'),
                country: t('badges.editor.sampleCountry'),
                role: roleName,
                eventName: event.data?.name ?? '',
              }}
            />
          </section>
          <section aria-labelledby="badge-elements-title">
            <h2 id="badge-elements-title">{t('badges.editor.elements')}</h2>
            <ElementTable
              elements={draft.elements}
              onChange={(field, patch) =>
                update({
                  ...draft,
                  elements: { ...draft.elements, [field]: { ...draft.elements[field], ...patch } },
                })
              }
            />
          </section>
        </div>
        {problems.length ? (
          <Alert tone="error" title={t('badges.editor.errorsTitle')}>
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.field}-${problem.message}`}>
                  {t('badges.editor.errorLine', {
                    element: problem.field ? t(`badges.fields.${problem.field}`) : '',
                    message: t(contractKey(problem.message, 'validation.invalidInput')),
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        ) : (
          <ErrorAlert
            error={
              save.error instanceof ApiError && Object.keys(save.error.fieldErrors).length ? null : save.error
            }
          />
        )}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <div className="actions">
          <Button onClick={onSave} busy={save.isPending}>
            {t('badges.editor.save')}
          </Button>
          {stored ? (
            <ConfirmDelete
              label={t('badges.editor.remove')}
              title={t('badges.editor.remove')}
              description={t('badges.editor.removeConfirm', { role: roleName })}
              onConfirm={() =>
                remove.mutate(role, {
                  onSuccess: () => {
                    setDrafts((all) => ({ ...all, [role]: undefined }));
                    setNotice(t('badges.editor.removed'));
                  },
                })
              }
            />
          ) : null}
        </div>
      </div>
    </EventLayout>
  );
}
