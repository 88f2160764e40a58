import type { ReactNode } from 'react';

/** Says there is nothing here yet, and what to do about it (`children`: an action, when there is one). */
export function EmptyState({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      <p>{message}</p>
      {children}
    </div>
  );
}
