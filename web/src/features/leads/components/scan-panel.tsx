import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanner } from '../../../components/camera-scanner';
import { ScanDeviceState, timeOf } from '../../../components/scan-device-state';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { readScannerName, saveScannerName, type ScanNews, type useLeadDevice } from '../api/lead-device';
import { ScanOutcome } from './scan-outcome';

type Device = ReturnType<typeof useLeadDevice>;

/**
 * The stand's scanning: who scans on this phone (kept on it), the code field a barcode scanner types into,
 * the camera, what the last scan gave, and the phone's state (online, waiting, last sent).
 */
export function ScanPanel({ device }: { device: Device }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(readScannerName);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [news, setNews] = useState<ScanNews | null>(null);
  const [needName, setNeedName] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const scan = (value: string) => {
    const typed = value.trim();
    if (!typed) return;
    if (!name.trim()) {
      setNeedName(true);
      nameInput.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    device.record(typed, name.trim()).then(
      (answer) => {
        setBusy(false);
        setNews(answer);
      },
      (error: unknown) => {
        setBusy(false);
        setNews(null);
        setFailure(error);
      },
    );
    setCode('');
    codeInput.current?.focus();
  };

  return (
    <section className="lead-scan" aria-labelledby="lead-scan-title">
      <h2 id="lead-scan-title" className="sr-only">
        {t('leads.space.title')}
      </h2>
      <div className={`field${needName ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="lead-scanner-name">
          {t('leads.space.scannerName')}
        </label>
        <input
          id="lead-scanner-name"
          ref={nameInput}
          className="input"
          maxLength={60}
          autoComplete="name"
          aria-invalid={needName}
          aria-describedby={needName ? 'lead-scanner-hint lead-scanner-error' : 'lead-scanner-hint'}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (e.target.value.trim()) setNeedName(false);
          }}
          onBlur={() => saveScannerName(name)}
        />
        <p id="lead-scanner-hint" className="field__hint">
          {t('leads.space.scannerHint')}
        </p>
        {needName ? (
          <p id="lead-scanner-error" className="field__error" role="alert">
            {t('leads.space.scannerRequired')}
          </p>
        ) : null}
      </div>
      <form
        className="lead-scan__form"
        onSubmit={(e) => {
          e.preventDefault();
          scan(code);
        }}
      >
        <label className="field__label" htmlFor="lead-code">
          {t('leads.space.code')}
        </label>
        <div className="inline-form">
          <input
            id="lead-code"
            ref={codeInput}
            className="input input--large"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="lead-code-hint"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" busy={busy}>
            {t('leads.space.add')}
          </Button>
        </div>
        <p id="lead-code-hint" className="field__hint">
          {t('leads.space.codeHint')}
        </p>
      </form>
      <ErrorAlert error={failure} />
      <div aria-live="polite">{news ? <ScanOutcome news={news} /> : null}</div>
      <p className="actions">
        <Button variant="secondary" onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
          {camera ? t('leads.space.stopCamera') : t('leads.space.camera')}
        </Button>
      </p>
      {camera ? <CameraScanner onCode={scan} /> : null}
      <ScanDeviceState
        label={t('leads.space.title')}
        words={{
          online: t('leads.space.device.online'),
          offline: t('leads.space.device.offline'),
          waiting: t('leads.space.device.waiting', { count: device.waiting }),
          synced: device.syncedAt
            ? t('leads.space.device.syncedAt', { time: timeOf(device.syncedAt, i18n.language) })
            : t('leads.space.device.neverSynced'),
          syncNow: t('leads.space.device.syncNow'),
        }}
        online={device.online}
        waiting={device.waiting}
        onSync={() => void device.sync()}
      >
        {device.notices.length > 0 ? (
          <div role="alert">
            <ul>
              {device.notices.map((notice) => (
                <li key={notice.scanId}>
                  <ScanOutcome news={notice} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <ErrorAlert error={device.failure} />
      </ScanDeviceState>
    </section>
  );
}
