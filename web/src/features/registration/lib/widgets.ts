import { ENUM_GROUPS, FIELD_ENUM_GROUP } from '@evt/contracts/forms/enums';
import type { FileField, FormDefinition } from '@evt/contracts/forms/define';
import type { Locale } from '@evt/contracts/locale';

export type Widget =
  | { type: 'text' | 'email' | 'tel' | 'url' | 'date' | 'textarea' | 'dial' | 'country' | 'checkbox' }
  | {
      type: 'select' | 'radio' | 'checkboxes';
      options: readonly string[];
      /** the option's text: an `enums.*` key through t, or a name from Intl for languages */
      label: (code: string, t: (key: string) => string, locale: Locale) => string;
    }
  | { type: 'file'; file: FileField };

/** Per-kind additions the contracts cannot say (options labelled outside `enums`, e.g. languages). */
export type WidgetHints = Readonly<Record<string, Widget>>;

const COUNTRY_FIELDS = new Set(['countryOfResidence', 'country', 'nationality']);
const DATE_FIELDS = new Set(['dateOfBirth', 'availabilityStart', 'availabilityEnd']);
const LONG_TEXT = new Set([
  'motivation',
  'logisticalNeeds',
  'expectations',
  'companyDescription',
  'memberEmails',
  'keySkills',
  'skills',
  'specificCriteria',
  'address',
]);
const RADIO_FIELDS = new Set(['participantType', 'gender', 'partnershipType']);

interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; in?: ZodLike } };
}

/** The value type under defaults, optionals and transforms: `string`, `boolean`, `array`... */
export function baseType(schema: unknown): string {
  let current = schema as ZodLike | undefined;
  for (let depth = 0; current && depth < 10; depth++) {
    const def = current._zod.def;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return def.type;
  }
  return 'unknown';
}

export function shapeOf(form: FormDefinition): Record<string, unknown> {
  return (form.schema as unknown as { shape: Record<string, unknown> }).shape;
}

/** How one field is shown, from its name, its schema and the kind's hints. */
export function widgetOf(form: FormDefinition, name: string, hints: WidgetHints = {}): Widget {
  const hinted = hints[name];
  if (hinted) return hinted;
  const file = form.files.find((f) => f.name === name);
  if (file) return { type: 'file', file };
  if (name === 'dialCode') return { type: 'dial' };
  if (COUNTRY_FIELDS.has(name)) return { type: 'country' };
  const type = baseType(shapeOf(form)[name]);
  const group = FIELD_ENUM_GROUP[name];
  if (group) {
    const options = ENUM_GROUPS[group];
    const label = (code: string, t: (key: string) => string) => t(`enums.${group}.${code}`);
    if (type === 'array') return { type: 'checkboxes', options, label };
    return { type: RADIO_FIELDS.has(name) ? 'radio' : 'select', options, label };
  }
  if (type === 'boolean') return { type: 'checkbox' };
  if (name === 'email') return { type: 'email' };
  if (name === 'phone') return { type: 'tel' };
  if (name === 'websiteUrl') return { type: 'url' };
  if (DATE_FIELDS.has(name)) return { type: 'date' };
  if (LONG_TEXT.has(name)) return { type: 'textarea' };
  return { type: 'text' };
}

/** The empty value of a field, as the form holds it. */
export function emptyValue(form: FormDefinition, name: string): unknown {
  const file = form.files.find((f) => f.name === name);
  if (file) return file.maxCount > 1 ? [] : '';
  const type = baseType(shapeOf(form)[name]);
  if (type === 'array') return [];
  if (type === 'boolean') return false;
  return '';
}

/** Whether the field must be filled: its schema refuses the empty value. */
export function isRequired(form: FormDefinition, name: string): boolean {
  const schema = shapeOf(form)[name] as { safeParse(v: unknown): { success: boolean } };
  const empty = emptyValue(form, name);
  if (typeof empty === 'boolean') return !schema.safeParse(false).success;
  return !schema.safeParse(empty).success;
}
