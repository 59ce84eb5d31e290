import { Checkbox, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import type { FormField } from '@promo/contract';
import {
  FORM_CONTROL_TYPES,
  INPUT_TYPES,
  isAllowedIframeSrc,
  isSafeImageUrl,
  isSafeLinkUrl,
  type LandingDocument,
  type LandingElement,
  type PageSettings,
  TEXT_TYPES,
} from '@promo/landing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/image-upload.tsx';
import { CheckedInput, message, plain } from './checked-input.tsx';
import { PageInspector } from './page-inspector.tsx';
import { type Breakpoint, type Change, StyleInspector } from './style-inspector.tsx';

export const INSPECTOR_WIDTH = 350;

function setAttribute(
  element: LandingElement,
  key: string,
  value: string | boolean | undefined,
): LandingElement {
  const attributes: Record<string, unknown> = { ...element.attributes };
  if (value === undefined || value === '') delete attributes[key];
  else attributes[key] = value;
  return { ...element, attributes: attributes as LandingElement['attributes'] };
}

/** The 350px right panel: attributes, text and styles of the selected element, or the page settings. */
export function Inspector({
  element,
  document,
  fields,
  onChange,
  onPageChange,
}: {
  element: LandingElement | null;
  document: LandingDocument;
  fields: readonly FormField[];
  onChange: Change;
  onPageChange: (page: PageSettings) => void;
}) {
  const { t } = useTranslation();
  const [breakpoint, setBreakpoint] = useState<Breakpoint>('desktop');
  if (!element) return <PageInspector page={document.page} onPageChange={onPageChange} />;
  const id = element.attributes.id;
  const attribute = (key: keyof LandingElement['attributes'], label: string, check = plain) => (
    <CheckedInput
      key={`${id}-${key}`}
      label={label}
      testId={`attr-${key}`}
      value={String(element.attributes[key] ?? '')}
      check={check}
      onCommit={(value) => onChange((item) => setAttribute(item, key, value), `${id}:${key}`)}
    />
  );
  const isControl = FORM_CONTROL_TYPES.has(element.type);
  const size = (value: string) =>
    value === '' || /^(auto|\d{1,5}(\.\d{1,3})?(px|%|em|rem|vw|vh)?)$/.test(value)
      ? null
      : message('FIELD_INVALID');

  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap="xs" p="sm" data-testid="inspector">
        <Title order={4}>{t(`builder.types.${element.type}`)}</Title>
        <Text size="xs" c="dimmed">
          #{id}
        </Text>
        <CheckedInput
          key={`${id}-name`}
          label={t('builder.inspector.name')}
          value={element.name}
          check={(value) => (value.trim() === '' ? message('FIELD_REQUIRED') : plain(value))}
          onCommit={(value) => onChange((item) => ({ ...item, name: value }), `${id}:name`)}
        />
        {TEXT_TYPES.has(element.type) ? (
          <CheckedInput
            key={`${id}-text`}
            label={t('builder.inspector.text')}
            testId="element-text"
            multiline
            emoji
            value={element.text ?? ''}
            check={plain}
            onCommit={(value) => onChange((item) => ({ ...item, text: value }), `${id}:text`)}
          />
        ) : null}
        {element.type === 'a' ? (
          <>
            {attribute('href', t('builder.inspector.href'), (v) =>
              v === '' || isSafeLinkUrl(v) ? null : message('FIELD_INVALID'),
            )}
            <Checkbox
              label={t('builder.inspector.newTab')}
              checked={element.attributes.target === '_blank'}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                onChange((item) => setAttribute(item, 'target', checked ? '_blank' : undefined));
              }}
            />
          </>
        ) : null}
        {element.type === 'img'
          ? [
              attribute('src', t('builder.inspector.src'), (v) =>
                v === '' || isSafeImageUrl(v) ? null : message('FIELD_INVALID'),
              ),
              <ImageUpload
                key={`${id}-upload`}
                onUploaded={(image) =>
                  onChange((item) => {
                    const sized = item.attributes.width
                      ? item
                      : setAttribute(
                          setAttribute(item, 'width', String(image.width)),
                          'height',
                          String(image.height),
                        );
                    return setAttribute(sized, 'src', image.url);
                  })
                }
              />,
              attribute('alt', t('builder.inspector.alt')),
            ]
          : null}
        {element.type === 'iframe'
          ? attribute('src', t('builder.inspector.iframeSrc'), (v) =>
              v === '' || isAllowedIframeSrc(v) ? null : message('FIELD_INVALID'),
            )
          : null}
        {element.type === 'img' || element.type === 'iframe'
          ? [
              attribute('width', t('builder.inspector.widthAttr'), size),
              attribute('height', t('builder.inspector.heightAttr'), size),
            ]
          : null}
        {isControl ? (
          <>
            <Select
              size="xs"
              label={t('builder.inspector.fieldKey')}
              data-testid="attr-fieldKey"
              clearable
              value={element.attributes.fieldKey ?? null}
              data={fields.map((field) => ({ value: field.key, label: `${field.label} (${field.key})` }))}
              onChange={(value) => onChange((item) => setAttribute(item, 'fieldKey', value ?? undefined))}
            />
            {element.attributes.fieldKey
              ? null
              : attribute('name', t('builder.inspector.controlName'), (v) =>
                  v === '' || /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/.test(v) ? null : message('FIELD_INVALID'),
                )}
            <Checkbox
              label={t('builder.inspector.required')}
              checked={element.attributes.required === true}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                onChange((item) => setAttribute(item, 'required', checked || undefined));
              }}
            />
          </>
        ) : null}
        {element.type === 'input' ? (
          <Select
            size="xs"
            label={t('builder.inspector.inputType')}
            value={element.attributes.inputType ?? 'text'}
            data={[...INPUT_TYPES]}
            onChange={(value) => onChange((item) => setAttribute(item, 'inputType', value ?? undefined))}
          />
        ) : null}
        {element.type === 'input' || element.type === 'textarea' || element.type === 'masked-input'
          ? attribute('placeholder', t('builder.inspector.placeholder'))
          : null}
        {element.type === 'masked-input'
          ? attribute('mask', t('builder.inspector.mask'), (v) =>
              /^[0-9A-Za-z*()\-. /+]{0,60}$/.test(v) ? null : message('FIELD_INVALID'),
            )
          : null}
        {element.type === 'option' || element.type === 'input'
          ? attribute('value', t('builder.inspector.value'))
          : null}
        {element.type === 'label'
          ? attribute('htmlFor', t('builder.inspector.htmlFor'), (v) =>
              v === '' || /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(v) ? null : message('FIELD_INVALID'),
            )
          : null}
        {attribute('title', t('builder.inspector.title'))}

        <StyleInspector
          element={element}
          breakpoint={breakpoint}
          onBreakpointChange={setBreakpoint}
          onChange={onChange}
        />
      </Stack>
    </ScrollArea>
  );
}
