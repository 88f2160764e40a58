import type { InfoRequest } from '@evt/contracts/info-requests';
import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '../../../lib/api-client';

/** What the person answered, item by item: their text, or their document to download (through the BFF). */
export function RequestAnswers({ request }: { request: InfoRequest }) {
  const { t } = useTranslation();
  if (request.state !== 'answered') return <p>{t('infoRequests.registration.noAnswer')}</p>;
  return (
    <dl className="details">
      {request.items.map((item) => {
        const files = request.files.filter((f) => f.key === item.key);
        const text = request.answers[item.key];
        return (
          <div key={item.key} className="details__row">
            <dt>{item.label}</dt>
            <dd>
              {item.kind === 'text'
                ? text || t('infoRequests.registration.notProvided')
                : files.length
                  ? files.map((file) => (
                      <a
                        key={file.id}
                        className="details__file"
                        href={`${API_PREFIX}${file.url}`}
                        download={file.name}
                      >
                        {file.name}
                      </a>
                    ))
                  : t('infoRequests.registration.notProvided')}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
