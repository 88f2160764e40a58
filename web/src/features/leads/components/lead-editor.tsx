import { type Lead, LEAD_NOTE_MAX, leadEditBody, leadRating } from '@evt/contracts/leads';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Form, SelectField, TextAreaField } from '../../../components/ui/form';
import { usePersonName } from '../../../lib/person-name';
import { useApiForm } from '../../../lib/use-api-form';
import { editLead, type StandLink } from '../api/space';

/** The editor's fields: the rating picked as text ('' for none), saved as the contract's number or null. */
const leadForm = z.object({
  note: leadEditBody.shape.note,
  rating: z
    .string()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(leadRating.nullable()),
});

/** A lead's note and rating, in a dialog named after the visitor; saved, the list is asked again. */
export function LeadEditor({
  link,
  lead,
  onClose,
  onSaved,
}: {
  link: StandLink;
  lead: Lead;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const [saving, setSaving] = useState(false);
  const form = useApiForm(leadForm, {
    defaultValues: { note: lead.note, rating: lead.rating === null ? '' : String(lead.rating) },
    fields: ['note', 'rating'],
  });
  const name = personName(lead);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('leads.space.editTitle', { name })}
    >
      <FormAlert messageKey={form.formError} />
      <Form
        onSubmit={form.submit((values, fail) => {
          setSaving(true);
          editLead(link, lead.id, values).then(
            () => {
              setSaving(false);
              onSaved();
            },
            (error: unknown) => {
              setSaving(false);
              fail(error);
            },
          );
        })}
      >
        <SelectField
          label={t('leads.space.rating')}
          {...form.field('rating')}
          options={[
            { value: '', label: t('leads.space.noRating') },
            ...[5, 4, 3, 2, 1].map((count) => ({
              value: String(count),
              label: t('leads.space.ratingValue', { count }),
            })),
          ]}
        />
        <TextAreaField
          label={t('leads.space.note')}
          {...form.field('note')}
          maxLength={LEAD_NOTE_MAX}
          rows={4}
        />
        <div className="dialog__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {t('leads.space.save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
