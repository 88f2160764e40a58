import { type ReactNode, useId } from 'react';

/**
 * A data table in its own box that scrolls sideways when the table is wider than the screen (a phone), so
 * that the table never widens the page. The box is a region named by the table's caption and takes the
 * keyboard focus: the cells often hold nothing focusable, and without a focusable box a keyboard user
 * could not scroll to the columns on the right. The children are the table's head and body.
 */
export function ScrollTable({
  caption,
  captionHidden = false,
  className = 'table',
  children,
}: {
  caption: ReactNode;
  /** the caption read by assistive tech only, where a heading just above already says it */
  captionHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to be scrolled with the keyboard (WCAG 2.1.1)
    <section className="table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className={className}>
        <caption id={captionId} className={captionHidden ? 'sr-only' : undefined}>
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}
