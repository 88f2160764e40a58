import { type ReactNode, type Ref, useId } from 'react';
import type { MessageKey } from '../../lib/i18n/keys';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api-error';
import { Alert } from './alert';
import type { ActionAccess } from '../../lib/queries/permissions';
import { Button } from './button';
import { NotPermitted } from './permitted-button';

type Props = {
  title: string;
  chooseLabel: string;
  hint?: string;
  accept: readonly string[];
  multiple?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChoose: (files: FileList | null) => void;
  /** What is there already (a preview, a list), between the title and the file input. */
  children: ReactNode;
  pending: boolean;
  /** Shown as a progress bar while pending; leave it out when the upload reports none. */
  progress?: number;
  /** An i18n key: why the chosen files were refused, or why sending them failed. */
  error: MessageKey | null;
  /** The upload's own failure, for a panel that does not copy it into `error`. */
  failure?: unknown;
  done: boolean;
  doneMessage: string;
  submitLabel: string;
  canSubmit: boolean;
  onSubmit: () => void;
  /** whether the member may upload here (`useActionAccess`): when not, nothing is offered, and why is said */
  access?: ActionAccess;
};

/** A card to choose files and send them: labelled input, progress, errors and the saved status. */
export function UploadPanel(props: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {props.title}
      </h2>
      {props.children}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          {props.chooseLabel}
        </label>
        <input
          ref={props.inputRef}
          id={`${id}-file`}
          className="input"
          type="file"
          multiple={props.multiple}
          disabled={props.access ? !props.access.allowed : undefined}
          accept={props.accept.join(',')}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          onChange={(event) => props.onChoose(event.target.files)}
        />
        {props.hint ? (
          <p className="field__hint" id={`${id}-hint`}>
            {props.hint}
          </p>
        ) : null}
      </div>
      {props.pending && props.progress !== undefined ? (
        <progress
          className="upload__progress"
          max={1}
          value={props.progress}
          aria-label={t('console.upload.progress')}
        />
      ) : null}
      {props.error ? <Alert tone="error">{t(props.error)}</Alert> : null}
      {props.failure ? <Alert tone="error">{t(errorMessageKey(props.failure))}</Alert> : null}
      {props.done ? (
        <p role="status" className="upload__done">
          {props.doneMessage}
        </p>
      ) : null}
      <Button
        onClick={props.onSubmit}
        disabled={!props.canSubmit || (props.access ? !props.access.allowed : false)}
        busy={props.pending}
        aria-describedby={props.access?.missing ? `${id}-not-permitted` : undefined}
      >
        {props.submitLabel}
      </Button>
      {props.access ? <NotPermitted access={props.access} id={`${id}-not-permitted`} /> : null}
    </section>
  );
}
