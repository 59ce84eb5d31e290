import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AppLocale, changeLocale } from '../../lib/i18n.ts';

const LANGUAGES: { value: AppLocale; label: string }[] = [
  { value: 'es', label: 'Español' },
  { value: 'en', label: 'English' },
];

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current: AppLocale = i18n.language.startsWith('en') ? 'en' : 'es';
  return (
    <Group gap={4} role="group" aria-label={t('user.language')}>
      {LANGUAGES.map((language) => (
        <Button
          key={language.value}
          size="compact-xs"
          variant={current === language.value ? 'light' : 'subtle'}
          aria-pressed={current === language.value}
          lang={language.value}
          onClick={() => void changeLocale(language.value)}
        >
          {language.label}
        </Button>
      ))}
    </Group>
  );
}
