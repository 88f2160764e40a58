import type { ReactNode } from 'react';

/** One term and its value in a `<dl className="details">`. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
