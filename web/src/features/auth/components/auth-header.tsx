import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';

/** Title (also the tab's title) and a short lead for the account pages. */
export function AuthHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="auth-header">
      <h1>{title}</h1>
      {lead ? <p className="auth-header__lead">{lead}</p> : null}
    </div>
  );
}
