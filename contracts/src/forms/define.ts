import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { LOCALES, type Locale } from '../locale';
import type { ValidationMessageKey } from '../validation';
import { flag } from '../validation';
import { consentSchema, LEAD_CONSENT_FIELD, PRIVACY_CONSENT_FIELD } from './consent';
import type { ENUM_GROUPS, EnumGroup } from './enums';

/** A file a form accepts. The SPA uploads it first (POST /public/uploads) and puts the token in the field. */
export interface FileField {
  readonly name: string;
  readonly required: boolean;
  readonly maxBytes: number;
  /** MIME types the BFF accepts after sniffing the content; the browser's claim is never trusted */
  readonly types: readonly string[];
  /** more than one only for list fields (other documents) */
  readonly maxCount: number;
}

/**
 * A rule across fields (company name required for companies, end date after start...). The message goes on
 * `target`; the rule runs only when `target` and `reads` are individually valid, so a field shows one
 * message at a time and every other field's errors still appear in the same pass.
 */
export interface FormRule<Out> {
  readonly target: keyof Out & string;
  readonly reads: readonly (keyof Out & string)[];
  readonly message: ValidationMessageKey;
  readonly ok: (data: Out) => boolean;
}

/** Widgets drawn from the field's type alone: the value is a string, or a boolean for `checkbox`. */
export type PlainWidget =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'date'
  | 'textarea'
  | 'dial'
  | 'country'
  | 'checkbox';
/** A text the organiser wrote in some of the three languages (a custom question's label, its options). */
export type LocalisedText = Readonly<Partial<Record<Locale, string>>>;
/** A text in the reader's language, else in the first language it was written in. */
export function textIn(text: LocalisedText | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || LOCALES.map((other) => text[other]).find(Boolean) || '';
}
/**
 * Where an option's text comes from: `enums.<group>.<code>` in locales/, the language's name from Intl, or
 * the organiser's own words for each option (a custom question's, forms/questions.ts).
 */
export type OptionLabels =
  | { readonly enum: EnumGroup }
  | 'language'
  | { readonly texts: Readonly<Record<string, LocalisedText>> };
export interface ChoiceWidget<V extends string = string> {
  readonly type: 'select' | 'radio' | 'checkboxes';
  readonly options: readonly V[];
  readonly labels: OptionLabels;
  /**
   * Headings over the options, for a select: an `<optgroup>` each, labelled `enums.<labels>.<heading>`, in
   * this order; options under no heading follow the groups.
   */
  readonly groups?: {
    readonly labels: EnumGroup;
    readonly members: Readonly<Record<string, readonly V[]>>;
  };
}
/**
 * A whole number typed in a text box (a count of employees). `legacy`: an enumeration whose codes rows
 * registered before the field asked a number hold instead (a size band), shown by their label.
 */
export interface CountWidget {
  readonly type: 'count';
  readonly legacy?: EnumGroup;
}
/** An upload: the field holds its token (or tokens, when more than one file is allowed). */
export interface FileWidget {
  readonly type: 'file';
  readonly maxBytes: number;
  readonly types: readonly string[];
  readonly maxCount: number;
}
/** How the SPA draws a field, declared beside its schema (see `field`). */
export type Widget = { readonly type: PlainWidget } | ChoiceWidget | FileWidget | CountWidget;

/** The widgets a value type allows; a choice's options must be values of the field's type. */
type WidgetFor<Out> = [Out] extends [boolean]
  ? 'checkbox'
  : [Out] extends [readonly (infer E)[]]
    ? (ChoiceWidget<E & string> & { type: 'checkboxes' }) | FileWidget | 'textarea'
    : [Out] extends [string]
      ? Exclude<PlainWidget, 'checkbox'> | (ChoiceWidget<Out> & { type: 'select' | 'radio' }) | FileWidget
      : PlainWidget | Widget;

export interface FieldDef<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  readonly widget: Widget;
}

/** One field of a form: its schema and the widget that enters it, which must suit the schema's type. */
export const field = <S extends z.ZodType>(schema: S, widget: WidgetFor<z.output<S>>): FieldDef<S> => ({
  schema,
  widget: typeof widget === 'string' ? { type: widget } : (widget as Widget),
});

const choice =
  <T extends ChoiceWidget['type']>(type: T) =>
  // the values come with the call (the field's schema has them already), so that a form's module does
  // not bring every enumeration's table (ENUM_GROUPS) into the visitor's first load
  <G extends EnumGroup>(group: G, options: (typeof ENUM_GROUPS)[G]) =>
    ({ type, options, labels: { enum: group } }) as const;
/** One of an enumeration's values, from a list or from buttons; labelled by `enums.<group>`. */
export const select = choice('select');
export const radio = choice('radio');
/**
 * One of an enumeration's values from a list grouped under another enumeration's headings (spec section 9's
 * functions under their categories).
 */
export const groupedSelect = <G extends EnumGroup, H extends EnumGroup>(
  group: G,
  options: (typeof ENUM_GROUPS)[G],
  headings: H,
  members: { readonly [C in (typeof ENUM_GROUPS)[H][number]]: readonly (typeof ENUM_GROUPS)[G][number][] },
) => ({ type: 'select', options, labels: { enum: group }, groups: { labels: headings, members } }) as const;
/** Several of an enumeration's values, as boxes. */
export const checkboxes = choice('checkboxes');
export const count = (legacy?: EnumGroup): CountWidget => ({ type: 'count', ...(legacy ? { legacy } : {}) });
export const fileWidget = (types: readonly string[], maxBytes: number, maxCount = 1): FileWidget => ({
  type: 'file',
  types,
  maxBytes,
  maxCount,
});

/** The value a field holds when nothing is entered, from its widget. */
export function emptyValue(widget: Widget): unknown {
  if (widget.type === 'checkbox') return false;
  if (widget.type === 'checkboxes' || (widget.type === 'file' && widget.maxCount > 1)) return [];
  return '';
}

/**
 * The longest text a field takes as typed, for its input's `maxlength`: the `.max()` of the string the
 * value enters as, under optional, default and the typed side of a transform. None when the limit applies
 * to a transformed value (a phone's digits once its separators are dropped): the typed text may be longer.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  if (schema instanceof z.ZodString) return schema.maxLength ?? undefined;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return maxLengthOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return maxLengthOf(schema.in as z.ZodType);
  return undefined;
}

export interface FormStep<K extends string = string> {
  readonly id: string;
  readonly fields: readonly K[];
  /** validates only this step's fields (and the rules that read only them) */
  readonly schema: z.ZodType;
}

/**
 * Messages a form may word its own way (spec sections 5 and 8 give the B2B form 'This field is required',
 * 'Invalid email.' and 'Error: Please try again later'). The rule and its key stay the shared ones, so the
 * BFF and the upstream answer alike for every form; the SPA shows the form's wording of the key.
 */
export const FORM_WORDING = {
  required: 'validation.requiredNoPeriod',
  email: 'validation.invalidEmail',
  failed: 'errors.tryLater',
} as const;
export type FormWording = Readonly<
  Partial<Record<ValidationMessageKey | ErrorCode, (typeof FORM_WORDING)[keyof typeof FORM_WORDING]>>
>;

/** `form-sipen` is the spec's layout for the sipen and 5km participant pages. */
export type FormLayout = 'form' | 'form-sipen';

function withRules<T extends z.ZodObject>(schema: T, rules: readonly FormRule<never>[]): T {
  let out = schema;
  for (const rule of rules) {
    const watched: readonly PropertyKey[] = [rule.target, ...rule.reads];
    out = out.refine((data) => (rule.ok as (d: unknown) => boolean)(data), {
      path: [rule.target],
      error: rule.message,
      when: (payload) => !payload.issues.some((issue) => watched.includes(issue.path?.[0] ?? '')),
    });
  }
  return out;
}

type ShapeOf<Fields extends Record<string, FieldDef>> = {
  -readonly [K in keyof Fields]: Fields[K]['schema'];
};
const mapFields = <Fields extends Record<string, FieldDef>, T>(fields: Fields, f: (d: FieldDef) => T) =>
  Object.fromEntries(Object.entries(fields).map(([name, def]) => [name, f(def)])) as {
    [K in keyof Fields]: T;
  };

/** What defineForm is given, kept in the definition so that an event's custom questions extend it. */
export interface FormSource<Kind extends string, Fields extends Record<string, FieldDef>> {
  kind: Kind;
  /** the spec's route segment: /events-{slug}/{slug of the form} */
  slug: string;
  layout?: FormLayout;
  fields: Fields;
  steps: readonly { id: string; fields: readonly (keyof Fields & string)[] }[];
  rules?: readonly FormRule<z.output<z.ZodObject<ShapeOf<Fields>>>>[];
  /** the form's own texts for shared messages (the spec gives the B2B form its own wording) */
  wording?: FormWording;
  /**
   * Labels written by the organiser, for fields that have no `forms.fields.<name>.label` message (an
   * event's custom questions): shown instead of the message, in the reader's language.
   */
  labels?: Readonly<Record<string, LocalisedText>>;
}

/** The consent boxes (forms/consent.ts), at the end of every form's last step: exhibitors', then privacy. */
const consentField = {
  [LEAD_CONSENT_FIELD]: field(flag(), 'checkbox'),
  [PRIVACY_CONSENT_FIELD]: field(consentSchema(), 'checkbox'),
} as {
  shareWithExhibitors: FieldDef<ReturnType<typeof flag>>;
  privacyConsent: FieldDef<ReturnType<typeof consentSchema>>;
};

/**
 * A registration form: each field with its schema and widget, the steps that group them, and the rules
 * across fields. Every field is in exactly one step; the widgets are keyed by the same names as the schema.
 * Every form ends with the privacy consent box (added here, so no form can go without it; an event's custom
 * questions, defined again from `source`, come before it).
 */
export function defineForm<const Kind extends string, const Fields extends Record<string, FieldDef>>(
  def: FormSource<Kind, Fields>,
) {
  const lastStep = def.steps.length - 1;
  return buildForm(
    {
      ...def,
      fields: { ...def.fields, ...consentField },
      steps: def.steps.map((step, index) =>
        index === lastStep
          ? { ...step, fields: [...step.fields, LEAD_CONSENT_FIELD, PRIVACY_CONSENT_FIELD] }
          : step,
      ),
      rules: def.rules as FormSource<Kind, Fields & typeof consentField>['rules'],
    },
    def as unknown as FormSource<string, Record<string, FieldDef>>,
  );
}

function buildForm<const Kind extends string, const Fields extends Record<string, FieldDef>>(
  def: FormSource<Kind, Fields>,
  /** what the form was defined from, without the consent box */
  source: FormSource<string, Record<string, FieldDef>>,
) {
  const keys = Object.keys(def.fields);
  const stepped = def.steps.flatMap((step) => step.fields as readonly string[]);
  const missing = keys.filter((key) => !stepped.includes(key));
  const twice = stepped.filter((key, index) => stepped.indexOf(key) !== index);
  if (missing.length || twice.length || stepped.length !== keys.length) {
    throw new Error(`form ${def.kind}: fields not in exactly one step: ${[...missing, ...twice].join(', ')}`);
  }
  const rules = (def.rules ?? []) as readonly FormRule<never>[];
  const base = z.object(mapFields(def.fields, (d) => d.schema) as ShapeOf<Fields>);
  /** a schema of some of the fields, with the rules that read only them */
  const pick = <K extends keyof Fields & string>(fields: readonly K[]) => {
    const names: readonly string[] = fields;
    const mask = Object.fromEntries(names.map((field) => [field, true as const]));
    const within = rules.filter((rule) => [rule.target, ...rule.reads].every((f) => names.includes(f)));
    return withRules(base.pick(mask as never), within) as unknown as z.ZodObject<Pick<ShapeOf<Fields>, K>>;
  };
  const steps: FormStep<keyof Fields & string>[] = def.steps.map((step) => ({
    id: step.id,
    fields: step.fields,
    schema: pick(step.fields),
  }));
  const widgets = mapFields(def.fields, (d) => d.widget);
  /** whether the field must be filled: its schema refuses its empty value */
  const required = mapFields(def.fields, (d) => !d.schema.safeParse(emptyValue(d.widget)).success);
  /** the `maxlength` of each text field, from its schema (none for choices, files and digits) */
  const maxLengths = mapFields(def.fields, (d) => maxLengthOf(d.schema));
  const files: FileField[] = Object.entries(widgets).flatMap(([name, widget]) =>
    widget.type === 'file'
      ? [
          {
            name,
            required: required[name as keyof Fields],
            maxBytes: widget.maxBytes,
            types: widget.types,
            maxCount: widget.maxCount,
          },
        ]
      : [],
  );
  return {
    kind: def.kind,
    slug: def.slug,
    layout: def.layout ?? ('form' as FormLayout),
    schema: withRules(base, rules),
    steps,
    pick,
    widgets: widgets as Readonly<Record<keyof Fields & string, Widget>>,
    required: required as Readonly<Record<keyof Fields & string, boolean>>,
    maxLengths: maxLengths as Readonly<Record<keyof Fields & string, number | undefined>>,
    files,
    wording: def.wording ?? {},
    labels: def.labels ?? {},
    /** what the form was defined from (forms/questions.ts adds an event's questions to it) */
    source,
  };
}

export type FormDefinition = ReturnType<typeof defineForm>;

/** What a form's fields hold (react-hook-form values) and what the schema returns. */
export type FormInput<F extends { schema: z.ZodType }> = z.input<F['schema']>;
export type FormOutput<F extends { schema: z.ZodType }> = z.output<F['schema']>;
