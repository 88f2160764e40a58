import { MUST_MEET_MAX, type RequestView } from '@evt/contracts/b2b';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { MessageKey } from '../../../lib/i18n/keys';
import { actOnRequest, type SpaceLink } from '../api/space';
import { MustMeetToggle } from './must-meet-toggle';
import { useRead } from '../../../lib/read-cache';
import { requestsRead } from '../api/space-reads';

/** The meeting requests received and sent: accept, decline (with an optional reason), withdraw. */
export function RequestsView(props: { link: SpaceLink; frozen: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  const { data, error, reload } = useRead(requestsRead, props.link);
  const changed = () => {
    reload();
    props.onChange();
  };
  const received = data?.data.filter((r) => r.direction === 'received') ?? [];
  const sent = data?.data.filter((r) => r.direction === 'sent') ?? [];
  const mustMeetUsed = sent.filter(
    (r) => r.mustMeet && (r.status === 'pending' || r.status === 'accepted'),
  ).length;
  return (
    <section aria-labelledby="b2b-requests">
      <h2 id="b2b-requests">{t('b2b.space.tabs.requests')}</h2>
      <ErrorAlert error={error} />
      {!data && !error ? <Spinner label={t('b2b.space.loading')} /> : null}
      {data ? (
        <>
          <RequestList
            title={t('b2b.space.requests.received')}
            items={received}
            {...props}
            onChange={changed}
          />
          <RequestList
            title={t('b2b.space.requests.sent')}
            items={sent}
            {...props}
            onChange={changed}
            mustMeetUsed={mustMeetUsed}
          />
          {sent.length > 0 ? (
            <p className="b2b-request__hint">
              {t('b2b.space.requests.mustMeetHint', { max: MUST_MEET_MAX })}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function RequestList(props: {
  title: string;
  items: RequestView[];
  link: SpaceLink;
  frozen: boolean;
  onChange: () => void;
  mustMeetUsed?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{props.title}</h3>
      {props.items.length === 0 ? <p>{t('b2b.space.requests.none')}</p> : null}
      <ul className="b2b-requests">
        {props.items.map((r) => (
          <RequestItem
            key={r.id}
            request={r}
            link={props.link}
            frozen={props.frozen}
            onChange={props.onChange}
            mustMeetUsed={props.mustMeetUsed ?? 0}
          />
        ))}
      </ul>
    </section>
  );
}

function RequestItem(props: {
  request: RequestView;
  link: SpaceLink;
  frozen: boolean;
  onChange: () => void;
  mustMeetUsed: number;
}) {
  const { t } = useTranslation();
  const { request: r } = props;
  const id = useId();
  const [state, setState] = useState<{ busy?: string; error?: unknown }>({});
  const [declining, setDeclining] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [reason, setReason] = useState('');
  const act = (action: 'accept' | 'decline' | 'withdraw') => {
    setState({ busy: action });
    actOnRequest(props.link, r.id, action, action === 'decline' ? reason : '').then(
      () => {
        setState({});
        setDeclining(false);
        setWithdrawing(false);
        props.onChange();
      },
      (error: unknown) => setState({ error }),
    );
  };
  const open = r.status === 'pending' || r.status === 'accepted';
  return (
    <li className="b2b-request">
      <p>
        <Link to={`?company=${r.otherId}`}>{r.otherName}</Link>
        {' · '}
        <span>{t(`b2b.space.requests.status.${r.status}`)}</span>
        {r.online ? ` · ${t('b2b.space.requests.online')}` : ''}
      </p>
      {r.message ? <p className="b2b-request__message">{r.message}</p> : null}
      {r.status === 'declined' && r.declineReason ? (
        <p>{t('b2b.space.requests.reasonGiven', { reason: r.declineReason })}</p>
      ) : null}
      {r.unplaced ? <p>{t(`b2bMatch.unplaced.${r.unplaced}` as MessageKey)}</p> : null}
      {r.direction === 'sent' && open ? (
        <MustMeetToggle
          request={r}
          link={props.link}
          frozen={props.frozen}
          used={props.mustMeetUsed}
          onChange={props.onChange}
        />
      ) : null}
      {open && !props.frozen ? (
        <div className="b2b-request__actions">
          {r.direction === 'received' && r.status === 'pending' ? (
            <Button size="sm" busy={state.busy === 'accept'} onClick={() => act('accept')}>
              {t('b2b.space.requests.accept', { company: r.otherName })}
            </Button>
          ) : null}
          {r.direction === 'received' ? (
            <Button size="sm" variant="secondary" onClick={() => setDeclining(true)}>
              {t('b2b.space.requests.decline', { company: r.otherName })}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setWithdrawing(true)}>
              {t('b2b.space.requests.withdraw', { company: r.otherName })}
            </Button>
          )}
        </div>
      ) : null}
      {declining ? (
        <form
          className="b2b-request__decline"
          onSubmit={(e) => {
            e.preventDefault();
            act('decline');
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t('b2b.space.requests.declineReason')}</label>
            <textarea
              id={`${id}-reason`}
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" variant="danger" busy={state.busy === 'decline'}>
            {t('b2b.space.requests.declineConfirm', { company: r.otherName })}
          </Button>{' '}
          <Button size="sm" variant="ghost" onClick={() => setDeclining(false)}>
            {t('common.cancel')}
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        open={withdrawing}
        onOpenChange={setWithdrawing}
        title={t('b2b.space.requests.withdrawTitle', { company: r.otherName })}
        description={t('b2b.space.requests.withdrawText', { company: r.otherName })}
        confirmLabel={t('b2b.space.requests.withdraw', { company: r.otherName })}
        onConfirm={() => act('withdraw')}
        busy={state.busy === 'withdraw'}
        error={state.error}
      />
      {!withdrawing ? <ErrorAlert error={state.error} /> : null}
    </li>
  );
}
