import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

export const SIDE_PANEL_WIDTH = 350;

/** The right side panel of the spec: 350px wide. */
export function SidePanel({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size={SIDE_PANEL_WIDTH}>
      {children}
    </Drawer>
  );
}
