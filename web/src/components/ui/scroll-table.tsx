import { type ReactNode, useId } from 'react';
import { ScrollBox } from './scroll-box';

/**
 * A data table in its own scrolling box (ScrollBox), named by the table's caption. The children are the
 * table's head and body.
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
    <ScrollBox labelledBy={captionId}>
      <table className={className}>
        <caption id={captionId} className={captionHidden ? 'sr-only' : undefined}>
          {caption}
        </caption>
        {children}
      </table>
    </ScrollBox>
  );
}
