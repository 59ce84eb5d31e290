import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import type { LandingDocument, LandingElement } from '@promo/landing';
import { useTranslation } from 'react-i18next';
import { useDragSource, useDropTarget } from './dnd.tsx';

/**
 * The layers tree: one row per element, indented by depth. A row is a drag handle and a drop
 * target (dropping on a container puts the element inside it, on anything else right after it).
 */
export function LayersTree({
  document,
  selectedId,
  onSelect,
}: {
  document: LandingDocument;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const end = useDropTarget('tree-end', { kind: 'page-end' });
  return (
    // a tree holds tree items: an empty page's layers are a plain group (with the drop place)
    <Stack
      gap={0}
      role={document.elements.length > 0 ? 'tree' : 'group'}
      aria-label={t('builder.layers')}
      data-testid="layers-tree"
    >
      {document.elements.map((element) => (
        <LayerRow
          key={element.attributes.id}
          element={element}
          depth={0}
          selectedId={selectedId}
          onSelect={onSelect}
        />
      ))}
      <Box
        ref={end.ref}
        style={{
          minHeight: 24,
          border: '1px dashed #ced4da',
          background: end.isOver ? '#e7f5ff' : undefined,
        }}
      >
        <Text size="xs" c="dimmed" px={4}>
          {t('builder.pageEnd')}
        </Text>
      </Box>
    </Stack>
  );
}

function LayerRow({
  element,
  depth,
  selectedId,
  onSelect,
}: {
  element: LandingElement;
  depth: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const id = element.attributes.id;
  const drag = useDragSource(`layer:${id}`, { kind: 'element', id });
  const drop = useDropTarget(`layer-drop:${id}`, { kind: 'tree', id });
  const isSelected = id === selectedId;
  const label =
    element.name && element.name !== element.type ? element.name : t(`builder.types.${element.type}`);
  return (
    <>
      <Box ref={drop.ref} style={{ background: drop.isOver ? '#e7f5ff' : undefined }}>
        <UnstyledButton
          ref={drag.ref}
          {...drag.handleProps}
          role="treeitem"
          aria-selected={isSelected}
          aria-level={depth + 1}
          data-element-id={id}
          onClick={() => onSelect(id)}
          style={{
            ...drag.style,
            display: 'block',
            width: '100%',
            paddingLeft: 6 + depth * 14,
            paddingBlock: 2,
            background: isSelected ? '#d0ebff' : undefined,
            opacity: drag.isDragging ? 0.5 : 1,
            fontSize: 13,
          }}
        >
          {label}
          {element.text ? (
            <Text span size="xs" c="dimmed">
              {' '}
              “{element.text.slice(0, 24)}”
            </Text>
          ) : null}
        </UnstyledButton>
      </Box>
      {element.childrens.map((item) => (
        <LayerRow
          key={item.attributes.id}
          element={item}
          depth={depth + 1}
          selectedId={selectedId}
          onSelect={onSelect}
        />
      ))}
    </>
  );
}
