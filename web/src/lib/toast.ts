import { useSyncExternalStore } from 'react';
import type { MessageKey } from './i18n/keys';

export type Toast = {
  id: number;
  kind: 'error' | 'success' | 'info';
  /** i18n keys, and the values they interpolate */
  title: MessageKey;
  message?: MessageKey;
  values?: Record<string, string | number>;
  /** news about the page it is shown on ("… is now selected"): it goes when another page opens */
  untilNavigation?: boolean;
};

type Shown = Toast & { page: number };

let toasts: Shown[] = [];
let nextId = 1;
/** The pages opened so far: a toast remembers the one it was shown on. */
let page = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(toast: Omit<Toast, 'id'>, timeoutMs = 6000): number {
  const id = nextId++;
  toasts = [...toasts, { ...toast, id, page }];
  emit();
  if (timeoutMs > 0) setTimeout(() => dismissToast(id), timeoutMs);
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Another page opened (ToastRegion sees the path change): the toasts about the previous ones go. */
export function pageChanged(): void {
  page++;
  const kept = toasts.filter((toast) => !toast.untilNavigation || toast.page === page);
  if (kept.length === toasts.length) return;
  toasts = kept;
  emit();
}

/**
 * A new page shows no toast: for tests, which open many pages in one module graph (web/src/test/setup.ts),
 * where a browser would load the module again. Ids keep counting: a dismissal timer still running from
 * before never takes a later toast.
 */
export function forgetToasts(): void {
  toasts = [];
  emit();
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
