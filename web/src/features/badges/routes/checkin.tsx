import type { CheckinResult } from '@evt/contracts/checkin';
import { errorCode } from '@evt/contracts/errors';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEvent } from '../../../lib/queries/event';
import { useCheckInMutation, useScanMutation } from '../api/checkin';
import { type OfflineScan, readDesk, useOfflineCheckin } from '../api/offline-checkin';
import { ApiError } from '../../../lib/api-error';
import { DeskName, DeviceStatus } from '../components/device-status';
import { CameraScanner } from '../../../components/camera-scanner';
import { timeOf } from '../../../components/scan-device-state';
import { usePersonName } from '../../../lib/person-name';
import { PersonSearch } from '../components/person-search';

/** What the steward reads after a scan, in words (announced: a refusal at once, an arrival politely). */
function Outcome({ result }: { result: CheckinResult }) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  if (result.outcome === 'checkedIn' || result.outcome === 'already') {
    const { person } = result;
    const text =
      result.outcome === 'checkedIn'
        ? t('checkin.outcome.checkedIn', { name: personName(person) })
        : t('checkin.outcome.already', {
            time: person.checkedInAt ? timeOf(person.checkedInAt, i18n.language) : '',
            by: person.checkedInBy ?? '',
          });
    return (
      <div
        className={`scan-outcome scan-outcome--${result.outcome === 'checkedIn' ? 'done' : result.outcome}`}
        role={result.outcome === 'already' ? 'alert' : 'status'}
      >
        <p className="scan-outcome__title">{text}</p>
        <p>
          {[personName(person), person.organisation, t(`badges.roles.${person.role}`)]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    );
  }
  return (
    <div className="scan-outcome scan-outcome--refused" role="alert">
      <p className="scan-outcome__title">{t(`checkin.outcome.${result.outcome}`)}</p>
    </div>
  );
}

/** A scan kept on the device while the network is away: whom the device's roster knows for it. */
function SavedOffline({ saved }: { saved: OfflineScan }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  return (
    <div className="scan-outcome scan-outcome--offline" role="status">
      <p className="scan-outcome__title">
        {saved.person
          ? t('checkin.device.savedKnown', { name: personName(saved.person) })
          : t('checkin.device.savedUnknown')}
      </p>
    </div>
  );
}

/**
 * `/events/checkin-{eventId}`: staff at the door, phone first: scanner, camera or name. With the network
 * away, scans wait on the device and are sent when it returns (api/offline-checkin.ts).
 */
export function CheckinPage({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  const event = useEvent(eventId);
  const scan = useScanMutation(eventId);
  const byName = useCheckInMutation(eventId);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [result, setResult] = useState<CheckinResult | null>(null);
  const [saved, setSaved] = useState<OfflineScan | null>(null);
  const [desk, setDesk] = useState(readDesk);
  const device = useOfflineCheckin(eventId, desk || t('checkin.device.unnamedDesk'));
  const input = useRef<HTMLInputElement>(null);
  useDocumentTitle(t('checkin.title'));
  const [keepFailed, setKeepFailed] = useState<ApiError | null>(null);
  const keep = (value: string) =>
    void device.record(value).then(
      (kept) => {
        setResult(null);
        setKeepFailed(null);
        setSaved(kept);
      },
      // no device storage (a private window): the scan cannot wait, the steward is told the network is away
      () => setKeepFailed(new ApiError({ status: 0, code: errorCode.connection })),
    );
  const send = (value: string) => {
    if (!value.trim()) return;
    if (navigator.onLine) {
      scan.mutate(value.trim(), {
        onSuccess: (answer) => {
          setSaved(null);
          setResult(answer);
        },
        // the network went between two scans: the scan waits on the device like any offline one
        onError: (error) => {
          if (error instanceof ApiError && error.status === 0) keep(value.trim());
        },
      });
    } else keep(value.trim());
    setCode('');
    input.current?.focus();
  };
  return (
    <EventLayout event={event.data}>
      <div className="page checkin">
        <h1>{t('checkin.title')}</h1>
        <p>{t('checkin.intro')}</p>
        <DeviceStatus
          online={device.online}
          waiting={device.waiting}
          syncedAt={device.syncedAt}
          notices={device.notices}
          onSync={() => void device.sync()}
        />
        <form
          className="checkin__scan"
          onSubmit={(e) => {
            e.preventDefault();
            send(code);
          }}
        >
          <label className="field__label" htmlFor="checkin-code">
            {t('checkin.code')}
          </label>
          <div className="inline-form">
            <input
              id="checkin-code"
              ref={input}
              className="input input--large"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              // biome-ignore lint/a11y/noAutofocus: the scanner types into this field as soon as the page opens
              autoFocus
              aria-describedby="checkin-code-hint"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" busy={scan.isPending}>
              {t('checkin.submit')}
            </Button>
          </div>
          <p id="checkin-code-hint" className="field__hint">
            {t('checkin.codeHint')}
          </p>
        </form>
        <ErrorAlert
          error={
            keepFailed ??
            (scan.error instanceof ApiError && scan.error.status === 0
              ? byName.error
              : (scan.error ?? byName.error))
          }
        />
        <div aria-live="polite">
          {result ? <Outcome result={result} /> : null}
          {saved ? <SavedOffline saved={saved} /> : null}
        </div>
        <p className="actions">
          <Button variant="secondary" onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
            {camera ? t('checkin.stopCamera') : t('checkin.camera')}
          </Button>
        </p>
        {camera ? <CameraScanner onCode={send} denied={t('checkin.cameraDenied')} /> : null}
        {/* named once per device: below the scan field, which a phone shows without scrolling */}
        <DeskName onChange={setDesk} />
        <PersonSearch
          eventId={eventId}
          label={t('checkin.search')}
          actionLabel={(person) => t('checkin.checkInButton', { name: personName(person) })}
          describe={(person) =>
            person.checkedInAt
              ? t('checkin.present', { time: timeOf(person.checkedInAt, i18n.language) })
              : null
          }
          onPick={(person) => byName.mutate(person.registrationId, { onSuccess: setResult })}
        />
      </div>
    </EventLayout>
  );
}
