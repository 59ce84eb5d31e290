import { Box, NavLink, Text } from '@mantine/core';
import type { Role } from '@promo/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pagesPath, withTenant } from '../../lib/paths.ts';
import { type NavGroup, navFor } from './nav-groups.ts';

/** The back-office menu of `role`: its groups (Campañas, Participantes...) with their pages. */
export function BackOfficeNav({ role, tenant }: { role: Role; tenant: string | undefined }) {
  return (
    <>
      {navFor(role).map((group) => (
        <Group key={group.label ?? 'home'} group={group} tenant={tenant} />
      ))}
    </>
  );
}

function Group({ group, tenant }: { group: NavGroup; tenant: string | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const headingId = useId();
  const base = pagesPath(tenant);
  return (
    <Box
      role="group"
      aria-labelledby={group.label ? headingId : undefined}
      aria-label={group.label ? undefined : t('nav.dashboard')}
      mb={6}
    >
      {group.label ? (
        <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={2}>
          {t(group.label)}
        </Text>
      ) : null}
      {group.items.map((item) => {
        const to =
          item.to === 'builder' ? withTenant(tenant, '/builder') : item.to ? `${base}/${item.to}` : base;
        const isActive = item.to ? location.pathname.startsWith(to) : location.pathname === to;
        return (
          <NavLink
            key={item.label}
            component={Link}
            to={to}
            label={t(item.label)}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
          />
        );
      })}
    </Box>
  );
}
