import {
  BADGE_FIELDS,
  type BadgeField,
  type BadgeModel,
  type BadgeModelInput,
  type BadgePageSize,
  defaultBadgeModel,
} from '@evt/contracts/badges';
import type { ElementDraft } from '../components/element-table';

/** The editor's state: every element with whether it prints (the model keeps only those that do). */
export type ModelDraft = Omit<BadgeModelInput, 'elements'> & { elements: Record<BadgeField, ElementDraft> };

export function draftOf(model: BadgeModelInput | BadgeModel): ModelDraft {
  const fallback = defaultBadgeModel(model.pageSize);
  const elements = Object.fromEntries(
    BADGE_FIELDS.map((field) => {
      const own = model.elements.find((e) => e.field === field);
      const base = own ??
        fallback.elements.find((e) => e.field === field) ?? {
          field,
          x: 5,
          y: 5,
          width: 20,
          height: 10,
          fontSize: 12,
          align: 'center' as const,
          bold: false,
        };
      return [field, { ...base, shown: Boolean(own) }];
    }),
  ) as Record<BadgeField, ElementDraft>;
  return {
    pageSize: model.pageSize,
    background: model.background,
    text: model.text,
    accent: model.accent,
    bandHeight: model.bandHeight,
    elements,
  };
}

export function modelOf(draft: ModelDraft): BadgeModelInput {
  return {
    ...draft,
    elements: BADGE_FIELDS.filter((field) => draft.elements[field].shown).map((field) => {
      const { shown: _, ...element } = draft.elements[field];
      return element;
    }),
  };
}

/** Another page size: the default layout of that size, the colours kept. */
export function resized(draft: ModelDraft, pageSize: BadgePageSize): ModelDraft {
  const next = draftOf(defaultBadgeModel(pageSize));
  return { ...next, background: draft.background, text: draft.text, accent: draft.accent };
}

/** The element a server field error names: `elements.3.field` (by index in what was sent) or `elements.qr`. */
export function fieldOfError(path: string, sent: BadgeModelInput): BadgeField | null {
  const [, second] = path.split('.');
  if (second === undefined) return null;
  if (/^\d+$/.test(second)) return sent.elements[Number(second)]?.field ?? null;
  return (BADGE_FIELDS as readonly string[]).includes(second) ? (second as BadgeField) : null;
}
