import { useEffect, useRef } from 'react';

/**
 * For a control that swaps itself for an in-place editor: once the editor closes (`open` back to false),
 * focus returns to the control (give it the ref), so a keyboard user is not left on the page's body.
 */
export function useReturnFocus<E extends HTMLElement>(open: boolean) {
  const ref = useRef<E>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) ref.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return ref;
}
