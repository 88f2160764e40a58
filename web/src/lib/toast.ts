import { useSyncExternalStore } from 'react';
import type { MessageKey } from './i18n/keys';

export type Toast = {
  id: number;
  kind: 'error' | 'success' | 'info';
  /** i18n keys, and the values they interpolate */
  title: MessageKey;
  message?: MessageKey;
  values?: Record<string, string | number>;
};

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(toast: Omit<Toast, 'id'>, timeoutMs = 6000): number {
  const id = nextId++;
  toasts = [...toasts, { ...toast, id }];
  emit();
  if (timeoutMs > 0) setTimeout(() => dismissToast(id), timeoutMs);
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
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
