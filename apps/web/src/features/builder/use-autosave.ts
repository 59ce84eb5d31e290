import type { LandingDocument } from '@promo/landing';
import { validateDocument } from '@promo/landing';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { updateLanding } from '../landings/index.ts';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'invalid';
export const AUTOSAVE_DELAY_MS = 1200;

/**
 * Saves the draft a moment after the last change (PUT with the version it was made on, so a
 * stale copy is refused with LANDING_NOT_UPDATED). A document the shared validator refuses is not
 * sent; `flush()` saves at once (before publishing).
 */
export function useAutosave(landingId: string, document: LandingDocument, initialVersion: number) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | null>(null);
  const version = useRef(initialVersion);
  const saved = useRef(document);
  const latest = useRef(document);
  latest.current = document;
  const running = useRef<Promise<boolean> | null>(null);

  const save = useCallback(async (): Promise<boolean> => {
    if (running.current) await running.current;
    const current = latest.current;
    if (current === saved.current) return true;
    const issues = validateDocument(current);
    if (issues.length > 0) {
      setStatus('invalid');
      setError(`${issues[0]?.path}: ${issues[0]?.code}`);
      return false;
    }
    setStatus('saving');
    const request = (async () => {
      try {
        const landing = await updateLanding(landingId, { document: current, version: version.current });
        version.current = landing.version;
        saved.current = current;
        setError(null);
        setStatus(latest.current === current ? 'saved' : 'pending');
        return true;
      } catch (cause) {
        setStatus('error');
        setError(cause instanceof ApiError ? cause.message : String(cause));
        return false;
      } finally {
        running.current = null;
      }
    })();
    running.current = request;
    return request;
  }, [landingId]);

  useEffect(() => {
    if (document === saved.current) return;
    setStatus((value) => (value === 'saving' ? value : 'pending'));
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [document, save]);

  return { status, error, flush: save, version: () => version.current };
}
