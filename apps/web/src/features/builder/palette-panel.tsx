import { Accordion, SimpleGrid, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDragSource } from './dnd.tsx';
import type { PaletteItem } from './palette.ts';

const GROUPS = ['layout', 'text', 'media', 'widgets', 'form', 'fields'] as const;

/** The palette by group: click an item to add it after the selection, or drag it into place. */
export function PalettePanel({ items, onAdd }: { items: PaletteItem[]; onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  return (
    <Accordion multiple defaultValue={[...GROUPS]} variant="contained" data-testid="palette">
      {GROUPS.map((group) => (
        <Accordion.Item key={group} value={group}>
          <Accordion.Control py={0}>{t(`builder.palette.${group}`)}</Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={2} spacing={4}>
              {items
                .filter((item) => item.group === group)
                .map((item) => (
                  <PaletteButton key={item.key} item={item} onAdd={onAdd} />
                ))}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function PaletteButton({ item, onAdd }: { item: PaletteItem; onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  const drag = useDragSource(`palette:${item.key}`, { kind: 'palette', key: item.key });
  const label = item.isLiteral ? item.label : t(item.label);
  return (
    <UnstyledButton
      ref={drag.ref}
      {...drag.handleProps}
      data-palette={item.key}
      onClick={() => onAdd(item)}
      style={{
        ...drag.style,
        border: '1px solid #dee2e6',
        borderRadius: 4,
        padding: '4px 6px',
        fontSize: 12,
        background: 'white',
      }}
    >
      {label}
    </UnstyledButton>
  );
}
