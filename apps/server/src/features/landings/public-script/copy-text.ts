/// <reference lib="dom" />
import { toast } from './toasts.ts';

/**
 * Copies `text` to the clipboard and says so in a toast. Without a clipboard (old browser, no
 * permission) it selects `shown`, when given, so the person can copy it, and says that instead.
 */
export async function copyText(
  text: string,
  words: { copied: string; failed: string },
  shown?: HTMLElement,
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', words.copied);
  } catch {
    if (shown) getSelection()?.selectAllChildren(shown);
    toast('alert', words.failed);
  }
}
