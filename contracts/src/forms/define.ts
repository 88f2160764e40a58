import { z } from 'zod';
import type { ValidationMessageKey } from '../validation';

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

export interface FormStep<K extends string = string> {
  readonly id: string;
  readonly fields: readonly K[];
  /** validates only this step's fields (and the rules that read only them) */
  readonly schema: z.ZodType;
}

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

export function defineForm<const Kind extends string, const Shape extends z.core.$ZodLooseShape>(def: {
  kind: Kind;
  /** the spec's route segment: /events-{slug}/{slug of the form} */
  slug: string;
  layout?: FormLayout;
  shape: Shape;
  steps: readonly { id: string; fields: readonly (keyof Shape & string)[] }[];
  rules?: readonly FormRule<z.output<z.ZodObject<Shape>>>[];
  files?: readonly FileField[];
}) {
  const keys = Object.keys(def.shape);
  const stepped = def.steps.flatMap((step) => step.fields as readonly string[]);
  const missing = keys.filter((key) => !stepped.includes(key));
  const twice = stepped.filter((key, index) => stepped.indexOf(key) !== index);
  if (missing.length || twice.length || stepped.length !== keys.length) {
    throw new Error(`form ${def.kind}: fields not in exactly one step: ${[...missing, ...twice].join(', ')}`);
  }
  const rules = (def.rules ?? []) as readonly FormRule<never>[];
  const base = z.object(def.shape);
  const steps: FormStep<keyof Shape & string>[] = def.steps.map((step) => {
    const fields: readonly string[] = step.fields;
    const mask = Object.fromEntries(fields.map((field) => [field, true as const]));
    const stepRules = rules.filter((rule) => [rule.target, ...rule.reads].every((f) => fields.includes(f)));
    return { id: step.id, fields: step.fields, schema: withRules(base.pick(mask as never), stepRules) };
  });
  return {
    kind: def.kind,
    slug: def.slug,
    layout: def.layout ?? ('form' as FormLayout),
    schema: withRules(base, rules),
    steps,
    files: def.files ?? [],
  };
}

export type FormDefinition = ReturnType<typeof defineForm>;

/** What a form's fields hold (react-hook-form values) and what the schema returns. */
export type FormInput<F extends { schema: z.ZodType }> = z.input<F['schema']>;
export type FormOutput<F extends { schema: z.ZodType }> = z.output<F['schema']>;
