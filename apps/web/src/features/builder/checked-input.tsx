import { Textarea, TextInput } from '@mantine/core';
import { errorMessage } from '@promo/contract';
import { looksLikeMarkup } from '@promo/landing';
import { useEffect, useState } from 'react';
import { appLocale } from '../../lib/i18n.ts';
import { EmojiButton } from './emoji-button.tsx';

/** A text box that keeps what is typed, and commits only values the check accepts. */
export function CheckedInput({
  label,
  value,
  check,
  onCommit,
  testId,
  multiline,
  emoji,
}: {
  label: string;
  value: string;
  check: (value: string) => string | null;
  onCommit: (value: string) => void;
  testId?: string;
  multiline?: boolean;
  /** With an emoji picker: a picked emoji is added at the end of the text. */
  emoji?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(value);
    setError(null);
  }, [value]);
  const change = (next: string) => {
    setDraft(next);
    const problem = check(next);
    setError(problem);
    if (!problem) onCommit(next);
  };
  const props = {
    label,
    value: draft,
    error,
    size: 'xs' as const,
    'data-testid': testId,
    ...(emoji ? { rightSection: <EmojiButton onPick={(picked) => change(`${draft}${picked}`)} /> } : {}),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change(event.currentTarget.value),
  };
  return multiline ? <Textarea autosize minRows={2} {...props} /> : <TextInput {...props} />;
}

/** A catalogue message in the current language, for the checks below and the inspectors'. */
export const message = (code: Parameters<typeof errorMessage>[0]) => errorMessage(code, appLocale());
/** The check of plain text: no markup. */
export const plain = (value: string) => (looksLikeMarkup(value) ? message('FIELD_INVALID') : null);
