import { useEffect, useRef } from 'react';
import { setBuildFlag } from '../../lib/session-storage.ts';
import { registerBuilderElements } from '../auth/session.ts';

/**
 * Marks the builder as open (the build flag) and lets a forced logout back up its elements to
 * local storage (`builder-backup`). The real builder will pass its element list.
 */
export function useBuilderBackup(elements: unknown): void {
  const latest = useRef(elements);
  latest.current = elements;
  useEffect(() => {
    setBuildFlag(true);
    registerBuilderElements(() => latest.current);
    return () => {
      registerBuilderElements(null);
      setBuildFlag(false);
    };
  }, []);
}
