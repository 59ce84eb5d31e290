import { Box, Button, Group, Input, Popover, Stack, TextInput } from '@mantine/core';
import { errorMessage } from '@promo/contract';
import { isSafeLinkUrl, richTextHtml } from '@promo/landing';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appLocale } from '../lib/i18n.ts';

/** A numbered list drawn (three numbered lines): a glyph, so the button's name is its label alone. */
function NumberedListIcon() {
  return (
    <svg width="16" height="14" viewBox="0 0 16 14" aria-hidden="true" focusable="false">
      <path
        d="M1.5 1.5 2.5 1v3M1 9h2L1 12h2M6 2.5h9M6 7h9M6 11.5h9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The toolbar's commands (browser editing commands on the editable box). */
const COMMANDS = [
  { key: 'bold', command: 'bold', label: 'B', style: { fontWeight: 700 } },
  { key: 'italic', command: 'italic', label: 'I', style: { fontStyle: 'italic' } },
  { key: 'heading', command: 'formatBlock', value: 'h3', label: 'H' },
  { key: 'paragraph', command: 'formatBlock', value: 'p', label: '¶' },
  { key: 'bullets', command: 'insertUnorderedList', label: '•' },
  { key: 'numbers', command: 'insertOrderedList', label: <NumberedListIcon /> },
] as const;

/**
 * A small rich-text editor (docs/decisions/029): an editable box with a toolbar for bold, italic,
 * a heading, paragraphs, lists and links. What it hands back is always `richTextHtml()` of its
 * content, the allow-list the server keeps (and sanitises again), so pasted markup is cleaned.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  readOnly,
  testId,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  readOnly?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLDivElement | null>(null);
  const shown = useRef<string | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('https://');
  const [linkError, setLinkError] = useState<string | null>(null);
  const selection = useRef<Range | null>(null);

  // the box is written only when the value changes from outside (not on each keystroke: the caret stays)
  useEffect(() => {
    const html = richTextHtml(value);
    if (box.current && html !== shown.current) {
      box.current.innerHTML = html;
      shown.current = html;
    }
  }, [value]);

  const emit = () => {
    const html = richTextHtml(box.current?.innerHTML ?? '');
    shown.current = html;
    onChange(html);
  };
  const run = (command: string, argument?: string) => {
    box.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const keepSelection = () => {
    const range = getSelection()?.rangeCount ? getSelection()?.getRangeAt(0) : null;
    selection.current = range && box.current?.contains(range.commonAncestorContainer) ? range : null;
  };
  const addLink = () => {
    const url = href.trim();
    if (!url || !isSafeLinkUrl(url) || url === 'https://') {
      setLinkError(errorMessage('FIELD_INVALID', appLocale()));
      return;
    }
    box.current?.focus();
    if (selection.current) {
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(selection.current);
    }
    run('createLink', url);
    setLinkOpen(false);
  };

  return (
    <Input.Wrapper label={label} labelProps={{ id: `${id}-label` }} error={error} data-testid={testId}>
      {!readOnly && (
        <Group gap={4} role="toolbar" aria-label={t('richText.toolbar', { label })} mb={4}>
          {COMMANDS.map((item) => (
            <Button
              key={item.key}
              size="compact-sm"
              variant="default"
              miw={36}
              aria-label={t(`richText.${item.key}`)}
              title={t(`richText.${item.key}`)}
              style={'style' in item ? item.style : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(item.command, 'value' in item ? item.value : undefined)}
            >
              {/* a glyph, not words: the button is named by its aria-label alone */}
              <span aria-hidden="true">{item.label}</span>
            </Button>
          ))}
          <Popover opened={linkOpen} onChange={setLinkOpen} trapFocus position="bottom-start" withArrow>
            <Popover.Target>
              <Button
                size="compact-sm"
                variant="default"
                onMouseDown={(event) => {
                  event.preventDefault();
                  keepSelection();
                }}
                onClick={() => {
                  setLinkError(null);
                  setLinkOpen((open) => !open);
                }}
              >
                {t('richText.link')}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs">
                <TextInput
                  size="xs"
                  label={t('richText.linkUrl')}
                  value={href}
                  error={linkError}
                  onChange={(event) => setHref(event.currentTarget.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addLink();
                    }
                  }}
                />
                <Button size="xs" onClick={addLink}>
                  {t('richText.addLink')}
                </Button>
              </Stack>
            </Popover.Dropdown>
          </Popover>
          <Button
            size="compact-sm"
            variant="default"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run('unlink')}
          >
            {t('richText.unlink')}
          </Button>
        </Group>
      )}
      <Box
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
        aria-readonly={readOnly ? true : undefined}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        onFocus={() => {
          document.execCommand('defaultParagraphSeparator', false, 'p');
          // the first line goes in a paragraph too (the browser would put bare text in the box)
          const node = box.current;
          if (node && !readOnly && node.innerHTML === '') {
            node.innerHTML = '<p><br></p>';
            const range = document.createRange();
            range.setStart(node.firstChild as Node, 0);
            getSelection()?.removeAllRanges();
            getSelection()?.addRange(range);
          }
        }}
        onInput={emit}
        onBlur={emit}
        className="rich-text-box"
        style={{
          minHeight: 120,
          maxHeight: 400,
          overflow: 'auto',
          padding: '8px 12px',
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-default)',
          background: readOnly ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-body)',
          lineHeight: 1.5,
        }}
      />
    </Input.Wrapper>
  );
}
