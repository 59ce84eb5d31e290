import { useEffect, useRef } from 'react';
import { setBuildFlag } from '../../lib/session-storage.ts';
import { registerBuilderElements } from '../auth/index.ts';

/**
 * Marks the builder as open (the build flag) and lets a forced logout back up the landing's
 * elements to local storage (`builder-backup`, with the landing's id: only that landing offers it).
 */
export function useBuilderBackup(landingId: string, elements: unknown): void {
  const latest = useRef({ landingId, elements });
  latest.current = { landingId, elements };
  useEffect(() => {
    setBuildFlag(true);
    registerBuilderElements(() => latest.current);
    return () => {
      registerBuilderElements(null);
      setBuildFlag(false);
    };
  }, []);
}
