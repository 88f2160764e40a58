import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content is wider than the screen (a table, a day's schedule on a
 * phone), so the content never widens the page. It is a region named by the element `labelledBy` points
 * to and takes the keyboard focus: its content often holds nothing focusable, and without a focusable box
 * a keyboard user could not scroll to what lies on the right.
 */
export function ScrollBox({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `scroll-box ${className}` : 'scroll-box'}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to be scrolled with the keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      {children}
    </section>
  );
}
