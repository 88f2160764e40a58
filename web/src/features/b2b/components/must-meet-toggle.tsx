import { MUST_MEET_MAX, type RequestView } from '@evt/contracts/b2b';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { type SpaceLink, setMustMeet } from '../api/space';

/**
 * Marks a sent, open request must-meet (a checkbox: Space toggles it from the keyboard). Once the company
 * has marked MUST_MEET_MAX, the others are disabled until one is unmarked; a frozen programme shows the
 * mark only.
 */
export function MustMeetToggle(props: {
  request: RequestView;
  link: SpaceLink;
  frozen: boolean;
  /** must-meet requests the company has marked, this one included */
  used: number;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const r = props.request;
  const [state, setState] = useState<{ busy?: boolean; error?: unknown }>({});
  if (props.frozen) return r.mustMeet ? <p>{t('b2b.space.requests.mustMeet')}</p> : null;
  const toggle = (on: boolean) => {
    setState({ busy: true });
    setMustMeet(props.link, r.id, on).then(
      () => {
        setState({});
        props.onChange();
      },
      (error: unknown) => setState({ error }),
    );
  };
  return (
    <div className="b2b-request__must">
      <input
        id={id}
        type="checkbox"
        checked={r.mustMeet}
        disabled={state.busy || (!r.mustMeet && props.used >= MUST_MEET_MAX)}
        aria-describedby={`${id}-hint`}
        onChange={(e) => toggle(e.target.checked)}
      />{' '}
      <label htmlFor={id}>{t('b2b.space.requests.mustMeetOn', { company: r.otherName })}</label>
      <p id={`${id}-hint`} className="b2b-request__hint">
        {t('b2b.space.requests.mustMeetUsed', { used: props.used, max: MUST_MEET_MAX })}
      </p>
      <ErrorAlert error={state.error} />
    </div>
  );
}
