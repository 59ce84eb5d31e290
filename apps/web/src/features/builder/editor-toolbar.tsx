import { Anchor, Badge, Button, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PreviewWidth } from './canvas.tsx';
import type { SaveStatus } from './use-autosave.ts';
import type { EditorAction } from './use-element-actions.ts';

const STATUS_COLORS: Record<SaveStatus, string> = {
  saved: 'green',
  pending: 'gray',
  saving: 'blue',
  error: 'red',
  invalid: 'orange',
};

/** The editor's top bar: back link, landing name, save state, edit actions, preview width, publish. */
export function EditorToolbar({
  ref,
  name,
  backTo,
  save,
  canUndo,
  canRedo,
  hasSelection,
  onAction,
  width,
  onWidthChange,
  onPublish,
  isPublishing,
}: {
  ref?: Ref<HTMLDivElement>;
  name: string;
  backTo: string;
  save: { status: SaveStatus; error: string | null };
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  onAction: (action: EditorAction) => void;
  width: PreviewWidth;
  onWidthChange: (width: PreviewWidth) => void;
  onPublish: () => void;
  isPublishing: boolean;
}) {
  const { t } = useTranslation();
  const tool = (action: EditorAction, label: string, symbol: string, disabled = false) => (
    <Tooltip label={label} key={action}>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={label}
        disabled={disabled}
        onClick={() => onAction(action)}
        px={6}
      >
        {symbol}
      </Button>
    </Tooltip>
  );
  return (
    <Group
      ref={ref}
      justify="space-between"
      px="sm"
      py={6}
      style={{ borderBottom: '1px solid #dee2e6' }}
      wrap="nowrap"
    >
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={backTo} size="sm">
          ← {t('builder.backToLandings')}
        </Anchor>
        <Text fw={600}>{name}</Text>
        <Badge
          color={STATUS_COLORS[save.status]}
          variant="light"
          data-testid="save-status"
          title={save.error ?? undefined}
        >
          {t(`builder.status.${save.status}`)}
        </Badge>
      </Group>
      <Group gap={4} wrap="wrap" justify="flex-end">
        {tool('undo', t('builder.undo'), '↶', !canUndo)}
        {tool('redo', t('builder.redo'), '↷', !canRedo)}
        {tool('up', t('builder.moveUp'), '↑', !hasSelection)}
        {tool('down', t('builder.moveDown'), '↓', !hasSelection)}
        {tool('outdent', t('builder.outdent'), '⇤', !hasSelection)}
        {tool('indent', t('builder.indent'), '⇥', !hasSelection)}
        {tool('duplicate', t('builder.duplicate'), t('builder.short.duplicate'), !hasSelection)}
        {tool('copy', t('builder.copy'), t('builder.short.copy'), !hasSelection)}
        {tool('paste', t('builder.paste'), t('builder.short.paste'))}
        {tool('delete', t('builder.delete'), t('builder.short.delete'), !hasSelection)}
        <SegmentedControl
          size="xs"
          value={width}
          onChange={(value) => onWidthChange(value as PreviewWidth)}
          data={[
            { value: 'desktop', label: t('builder.preview.desktop') },
            { value: 'tablet', label: t('builder.preview.tablet') },
            { value: 'mobile', label: t('builder.preview.mobile') },
          ]}
        />
        <Button size="xs" onClick={onPublish} loading={isPublishing}>
          {t('builder.publish')}
        </Button>
      </Group>
    </Group>
  );
}
