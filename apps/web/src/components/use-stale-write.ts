import { useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import type { StaleWriteChoice } from './stale-write-dialog.tsx';

/**
 * The version a form edits and what it does when its save is refused as stale (STALE_WRITE):
 * `version` goes in the body, `saved` follows a save, `isStale` opens the dialog for a refusal;
 * `dialog` is the StaleWriteDialog's props. "See the new version" reads the record and hands it to
 * `onSeeNew` (reset the form to it); "keep mine" reads it for its version and `resend`s the form's
 * values on it. The record is read afresh, never from a cache that would redraw the form first.
 */
export function useStaleWrite<R extends { version: number }>(options: {
  version: number | undefined;
  fetchLatest: () => Promise<R>;
  onSeeNew: (latest: R) => void;
  resend: (version: number) => void;
}) {
  const [version, setVersion] = useState(options.version);
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState<StaleWriteChoice | null>(null);

  async function choose(choice: StaleWriteChoice) {
    setPending(choice);
    try {
      const latest = await options.fetchLatest();
      setVersion(latest.version);
      setOpened(false);
      if (choice === 'seeNew') options.onSeeNew(latest);
      else options.resend(latest.version);
    } catch (error) {
      showApiError(error);
    } finally {
      setPending(null);
    }
  }

  return {
    version,
    saved: (record: R) => setVersion(record.version),
    /** Whether `error` is a stale save's refusal; when it is, the dialog opens. */
    isStale(error: unknown): boolean {
      const isStale = error instanceof ApiError && error.code === 'STALE_WRITE';
      if (isStale) setOpened(true);
      return isStale;
    },
    dialog: {
      opened,
      pending,
      onChoose: (choice: StaleWriteChoice) => void choose(choice),
      onClose: () => setOpened(false),
    },
  };
}
