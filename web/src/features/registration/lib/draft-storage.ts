/**
 * Entries kept in sessionStorage per event and kind: they survive Back, Next, a reload and a failed
 * submission, stay in this tab only, and are cleared once submitted. Files are kept as their upload
 * tokens with the name shown (the bytes are already at the server).
 */
export interface Draft {
  step: number;
  values: Record<string, unknown>;
  /** field -> the names of its uploaded files, for display */
  fileNames: Record<string, string[]>;
}

const keyOf = (slug: string, kind: string) => `evt:registration:${slug}:${kind}`;

export function loadDraft(slug: string, kind: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(keyOf(slug, kind));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    return typeof draft === 'object' && draft && typeof draft.values === 'object' ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(slug: string, kind: string, draft: Draft): void {
  try {
    sessionStorage.setItem(keyOf(slug, kind), JSON.stringify(draft));
  } catch {
    // storage full or disabled: the form still works, only without keeping entries across reloads
  }
}

export function clearDraft(slug: string, kind: string): void {
  try {
    sessionStorage.removeItem(keyOf(slug, kind));
  } catch {
    // nothing to clear
  }
}
