import type { ScanResult } from '@evt/contracts/checkin-offline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanDeviceState, timeOf } from '../../../components/scan-device-state';
import { usePersonName } from '../../../lib/person-name';
import { readDesk, saveDesk } from '../api/offline-checkin';

/** The desk's name, kept on this device: each device at the door says where it stands. */
export function DeskName({ onChange }: { onChange: (desk: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(readDesk);
  return (
    <p className="field">
      <label className="field__label" htmlFor="checkin-desk">
        {t('checkin.device.deskName')}
      </label>
      <input
        id="checkin-desk"
        className="input"
        maxLength={60}
        aria-describedby="checkin-desk-hint"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => {
          saveDesk(value);
          onChange(value.trim());
        }}
      />
      <span id="checkin-desk-hint" className="field__hint">
        {t('checkin.device.deskHint')}
      </span>
    </p>
  );
}

interface DeviceStatusProps {
  online: boolean;
  waiting: number;
  syncedAt: string | null;
  notices: readonly ScanResult[];
  onSync: () => void;
}

/** Online or not, what waits to be sent, when the device last synced, and what the sync told. */
export function DeviceStatus({ online, waiting, syncedAt, notices, onSync }: DeviceStatusProps) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  return (
    <ScanDeviceState
      label={t('checkin.device.title')}
      words={{
        online: t('checkin.device.online'),
        offline: t('checkin.device.offline'),
        waiting: t('checkin.device.waiting', { count: waiting }),
        synced: syncedAt
          ? t('checkin.device.syncedAt', { time: timeOf(syncedAt, i18n.language) })
          : t('checkin.device.neverSynced'),
        syncNow: t('checkin.device.syncNow'),
      }}
      online={online}
      waiting={waiting}
      onSync={onSync}
    >
      {notices.length > 0 ? (
        <div role="alert">
          <h2>{t('checkin.device.noticesTitle')}</h2>
          <ul>
            {notices.map(({ scanId, result }) => (
              <li key={scanId}>
                {result.outcome === 'already'
                  ? t(result.person.desk ? 'checkin.device.alreadyAt' : 'checkin.device.alreadyBy', {
                      name: personName(result.person),
                      time: result.person.checkedInAt ? timeOf(result.person.checkedInAt, i18n.language) : '',
                      desk: result.person.desk ?? '',
                      by: result.person.checkedInBy ?? '',
                    })
                  : t(`checkin.outcome.${result.outcome}`, { name: '' })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </ScanDeviceState>
  );
}
