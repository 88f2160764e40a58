import {
  BADGE_FIELDS,
  type BadgeElement,
  type BadgeField,
  REQUIRED_BADGE_FIELDS,
  TEXT_BADGE_FIELDS,
} from '@evt/contracts/badges';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-table';

/** One row per element: whether it prints, and where (a required element always prints). */
export type ElementDraft = BadgeElement & { shown: boolean };

const NUMBERS = ['x', 'y', 'width', 'height'] as const;

export function ElementTable({
  elements,
  onChange,
}: {
  elements: Record<BadgeField, ElementDraft>;
  onChange: (field: BadgeField, patch: Partial<ElementDraft>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const col = (name: string) => `${id}-col-${name}`;
  const row = (field: BadgeField) => `${id}-row-${field}`;
  const labelled = (field: BadgeField, name: string) => `${row(field)} ${col(name)}`;
  return (
    <ScrollTable caption={t('badges.editor.elements')} captionHidden className="table badge-elements">
      <thead>
        <tr>
          <th scope="col" id={col('element')}>
            {t('badges.editor.element')}
          </th>
          <th scope="col" id={col('shown')}>
            {t('badges.editor.shown')}
          </th>
          {NUMBERS.map((name) => (
            <th scope="col" id={col(name)} key={name}>
              {t(`badges.editor.${name}`)}
            </th>
          ))}
          <th scope="col" id={col('fontSize')}>
            {t('badges.editor.fontSize')}
          </th>
          <th scope="col" id={col('align')}>
            {t('badges.editor.alignment')}
          </th>
          <th scope="col" id={col('bold')}>
            {t('badges.editor.bold')}
          </th>
        </tr>
      </thead>
      <tbody>
        {BADGE_FIELDS.map((field) => {
          const element = elements[field];
          const text = TEXT_BADGE_FIELDS.includes(field);
          return (
            <tr key={field}>
              <th scope="row" id={row(field)}>
                {t(`badges.fields.${field}`)}
              </th>
              <td>
                <input
                  type="checkbox"
                  aria-labelledby={labelled(field, 'shown')}
                  checked={element.shown}
                  disabled={REQUIRED_BADGE_FIELDS.includes(field)}
                  onChange={(e) => onChange(field, { shown: e.target.checked })}
                />
              </td>
              {NUMBERS.map((name) => (
                <td key={name}>
                  <input
                    className="input input--number"
                    type="number"
                    step="0.5"
                    min={0}
                    aria-labelledby={labelled(field, name)}
                    value={Math.round(element[name] * 10) / 10}
                    onChange={(e) => onChange(field, { [name]: Number(e.target.value) })}
                  />
                </td>
              ))}
              <td>
                {text ? (
                  <input
                    className="input input--number"
                    type="number"
                    min={5}
                    max={72}
                    aria-labelledby={labelled(field, 'fontSize')}
                    value={element.fontSize}
                    onChange={(e) => onChange(field, { fontSize: Number(e.target.value) })}
                  />
                ) : null}
              </td>
              <td>
                {text ? (
                  <select
                    className="input select"
                    aria-labelledby={labelled(field, 'align')}
                    value={element.align}
                    onChange={(e) => onChange(field, { align: e.target.value as ElementDraft['align'] })}
                  >
                    {(['left', 'center', 'right'] as const).map((align) => (
                      <option key={align} value={align}>
                        {t(`badges.align.${align}`)}
                      </option>
                    ))}
                  </select>
                ) : null}
              </td>
              <td>
                {text ? (
                  <input
                    type="checkbox"
                    aria-labelledby={labelled(field, 'bold')}
                    checked={element.bold}
                    onChange={(e) => onChange(field, { bold: e.target.checked })}
                  />
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
