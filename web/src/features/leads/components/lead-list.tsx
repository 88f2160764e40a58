import type { Lead } from '@evt/contracts/leads';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDateFormatter } from '../../../lib/format';
import { usePersonName } from '../../../lib/person-name';
import { download } from '../../../lib/spreadsheet';
import { showToast } from '../../../lib/toast';
import { removeLead, type StandLink } from '../api/space';
import { leadSheet, leadsCsv, leadsXlsx } from '../lib/leads-file';
import { LeadEditor } from './lead-editor';

/**
 * The stand's leads, newest first: who, from where, when and by whom scanned, the rating and the note;
 * each editable and deletable (asked first); the whole list exported as CSV or Excel, made on the phone.
 */
export function LeadList({
  link,
  leads,
  onChange,
}: {
  link: StandLink;
  leads: readonly Lead[];
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const formatDate = useDateFormatter({ dateStyle: 'short', timeStyle: 'short' });
  const [editing, setEditing] = useState<Lead | null>(null);
  const [removing, setRemoving] = useState<Lead | null>(null);
  const [removeError, setRemoveError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const exportAs = async (format: 'csv' | 'xlsx') => {
    const sheet = leadSheet(leads, {
      headers: {
        lastName: t('leads.space.columns.lastName'),
        firstNames: t('leads.space.columns.firstNames'),
        organisation: t('leads.space.columns.organisation'),
        role: t('leads.space.columns.role'),
        email: t('leads.space.columns.email'),
        scannedAt: t('leads.space.columns.scannedAt'),
        scannedBy: t('leads.space.columns.scannedBy'),
        rating: t('leads.space.columns.rating'),
        note: t('leads.space.columns.note'),
      },
      role: (lead) => t(`forms.kinds.${lead.role}.title`),
    });
    const blob = format === 'csv' ? leadsCsv(sheet) : await leadsXlsx(sheet);
    download(blob, `${t('leads.space.fileName')}.${format}`);
  };

  return (
    <section className="lead-list" aria-labelledby="lead-list-title">
      <h2 id="lead-list-title">
        {t('leads.space.leadsTitle')}{' '}
        <span className="lead-list__count">{t('leads.space.count', { count: leads.length })}</span>
      </h2>
      {leads.length === 0 ? (
        <EmptyState title={t('leads.space.noLeads')} message={t('leads.space.noLeadsHint')} />
      ) : (
        <>
          <p className="actions">
            <Button variant="secondary" onClick={() => void exportAs('csv')}>
              {t('leads.space.exportCsv')}
            </Button>
            <Button variant="secondary" onClick={() => void exportAs('xlsx')}>
              {t('leads.space.exportXlsx')}
            </Button>
          </p>
          {/* a card per lead: a phone shows a person whole, where a table would scroll sideways */}
          <ul className="lead-cards" aria-labelledby="lead-list-title">
            {leads.map((lead) => (
              <li key={lead.id} className="lead-card">
                <h3 className="lead-card__name">{personName(lead)}</h3>
                <p>{[lead.organisation, t(`forms.kinds.${lead.role}.title`)].filter(Boolean).join(' · ')}</p>
                <p>
                  <a href={`mailto:${lead.email}`}>{lead.email}</a>
                </p>
                <p className="field__hint">
                  {t('leads.space.scanned', { date: formatDate(lead.scannedAt), by: lead.scannedBy })}
                </p>
                {lead.rating !== null ? (
                  <p>
                    {t('leads.space.labelled', {
                      label: t('leads.space.rating'),
                      value: t('leads.space.ratingValue', { count: lead.rating }),
                    })}
                  </p>
                ) : null}
                {lead.note ? <p className="lead-card__note">{lead.note}</p> : null}
                <div className="lead-card__actions">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(lead)}>
                    {t('leads.space.edit')}
                    <span className="sr-only"> {personName(lead)}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      setRemoveError(null);
                      setRemoving(lead);
                    }}
                  >
                    {t('leads.space.remove')}
                    <span className="sr-only"> {personName(lead)}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {editing ? (
        <LeadEditor
          link={link}
          lead={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast({ kind: 'success', title: 'leads.space.saved' });
            onChange();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('leads.space.removeTitle', { name: removing ? personName(removing) : '' })}
        description={t('leads.space.removeBody')}
        confirmLabel={t('leads.space.remove')}
        busy={busy}
        error={removeError}
        onConfirm={() => {
          if (!removing) return;
          setBusy(true);
          removeLead(link, removing.id).then(
            () => {
              setBusy(false);
              setRemoving(null);
              showToast({ kind: 'success', title: 'leads.space.removed' });
              onChange();
            },
            (error: unknown) => {
              setBusy(false);
              setRemoveError(error);
            },
          );
        }}
      />
    </section>
  );
}
