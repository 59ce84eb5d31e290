import { ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen: its scrolling area takes the keyboard focus
 * (arrow keys scroll it), named like the table, so a table wider than a phone stays readable without
 * a mouse (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>{children}</ScrollArea>
  );
}
