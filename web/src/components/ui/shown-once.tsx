import { useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/**
 * A secret just made (an API key, a webhook's signing secret), shown this once: the warning, the value to
 * select or copy, and the button that puts it away (the page keeps it nowhere else; a reload forgets it).
 */
export function ShownOnce({
  value,
  warning,
  copyLabel,
  copiedLabel,
  doneLabel,
  onDone,
}: {
  value: string;
  warning: string;
  copyLabel: string;
  copiedLabel: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="card" aria-label={warning}>
      <Alert tone="info" title={warning}>
        <code className="shown-once__value" data-testid="shown-once">
          {value}
        </code>
      </Alert>
      <div className="dialog__actions">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copyLabel}
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
      <p role="status">{copied ? copiedLabel : ''}</p>
    </section>
  );
}
