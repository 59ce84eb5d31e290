import { Anchor, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ModalHost } from '../../components/modal-host.tsx';
import { pagesPath } from '../../lib/paths.ts';
import { useBuilderBackup } from './use-builder-backup.ts';

type Element = { id: number; kind: 'text' };

/** Placeholder of the landing builder (ADMIN only); keeps a tiny element list to exercise the backup. */
export function BuilderPage() {
  const { t } = useTranslation();
  const { tenant } = useParams();
  const [elements, setElements] = useState<Element[]>([]);
  useBuilderBackup(elements);
  return (
    <ModalHost>
      <Container py="xl">
        <Stack>
          <Title order={1}>{t('builder.title')}</Title>
          <Text c="dimmed">{t('builder.placeholder')}</Text>
          <Group>
            <Button onClick={() => setElements((list) => [...list, { id: list.length + 1, kind: 'text' }])}>
              {t('builder.addElement')}
            </Button>
            <Anchor component={Link} to={pagesPath(tenant)}>
              {t('builder.back')}
            </Anchor>
          </Group>
          <List>
            {elements.map((element) => (
              <List.Item key={element.id}>{t('builder.element', { id: element.id })}</List.Item>
            ))}
          </List>
        </Stack>
      </Container>
    </ModalHost>
  );
}
