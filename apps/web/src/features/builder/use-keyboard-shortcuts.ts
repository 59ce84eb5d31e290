import { useCallback, useEffect, useRef } from 'react';
import type { EditorAction } from './use-element-actions.ts';

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function shortcutOf(event: KeyboardEvent): EditorAction | 'deselect' | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y') return 'redo';
  if (mod && key === 'c') return 'copy';
  if (mod && key === 'v') return 'paste';
  if (mod && key === 'd') return 'duplicate';
  if (event.key === 'Delete') return 'delete';
  if (event.altKey && event.key === 'ArrowUp') return 'up';
  if (event.altKey && event.key === 'ArrowDown') return 'down';
  if (event.altKey && event.key === 'ArrowRight') return 'indent';
  if (event.altKey && event.key === 'ArrowLeft') return 'outdent';
  if (event.key === 'Escape') return 'deselect';
  return null;
}

/**
 * The editor's shortcuts on the window, outside text inputs. The handler it returns is stable and
 * also serves the canvas frame, whose key presses do not reach the window.
 */
export function useKeyboardShortcuts(run: (action: EditorAction) => void, deselect: () => void) {
  const latest = useRef({ run, deselect });
  latest.current = { run, deselect };

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (isTyping(event.target)) return;
    const action = shortcutOf(event);
    if (!action) return;
    event.preventDefault();
    if (action === 'deselect') latest.current.deselect();
    else latest.current.run(action);
  }, []);

  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onKeyDown]);

  return onKeyDown;
}
