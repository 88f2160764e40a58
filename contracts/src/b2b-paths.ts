/**
 * The B2B confirmation paths' segment, apart from the B2B schemas so that the visitor entry can match its
 * paths (visitor-pages.ts) without pulling zod into its first script (the step loading).
 */
export const B2B_LAYOUTS = ['form', 'osaka', 'sipen'] as const;
export type B2bLayout = (typeof B2B_LAYOUTS)[number];

/** `b2b-`, `b2b_osaka-`, `b2b_sipen-` (and dashed) followed by `{code}` or `{code}-{confirm}`. */
export function parseB2bSegment(
  segment: string,
): { layout: B2bLayout; code: number; key: string | null } | null {
  const m = /^b2b(?:[-_](osaka|sipen))?-(\d{1,9})(?:-([0-9a-f]{48}))?$/.exec(segment);
  if (!m) return null;
  const code = Number(m[2]);
  if (code < 1) return null;
  return { layout: (m[1] as B2bLayout | undefined) ?? 'form', code, key: m[3] ?? null };
}
