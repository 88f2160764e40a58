import { useTranslation } from 'react-i18next';

type Props = { size?: 'sm' | 'md'; decorative?: boolean; label?: string };

/** A loading indicator; announced as a status unless it only decorates a busy button. */
export function Spinner({ size = 'md', decorative = false, label }: Props) {
  const { t } = useTranslation();
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  );
}
