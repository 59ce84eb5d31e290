import { type RefObject, useLayoutEffect } from 'react';

const VARIABLE = '--builder-toolbar-bottom';

/**
 * Toasts at the top of the window start below the editor's toolbar while the editor is open, so
 * they never cover Publicar (app.css reads the variable; the toast settings stay as they are).
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(VARIABLE, `${node.getBoundingClientRect().bottom}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty(VARIABLE);
    };
  }, [ref]);
}
