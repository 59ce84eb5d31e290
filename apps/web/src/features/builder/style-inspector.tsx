import { Checkbox, SegmentedControl, Title } from '@mantine/core';
import { checkStyle, type LandingElement, type StyleMap } from '@promo/landing';
import { useTranslation } from 'react-i18next';
import { CheckedInput, message } from './checked-input.tsx';

export type Breakpoint = 'desktop' | 'mobile';

/** An edit of the selected element; edits with the same coalesce key close together are one undo step. */
export type Change = (change: (element: LandingElement) => LandingElement, coalesceKey?: string) => void;

/** Style properties offered in the inspector (all on the allow-list of sanitize.ts). */
export const STYLE_FIELDS = [
  'width',
  'height',
  'maxWidth',
  'margin',
  'padding',
  'color',
  'backgroundColor',
  'fontSize',
  'fontWeight',
  'fontFamily',
  'textAlign',
  'lineHeight',
  'border',
  'borderColor',
  'borderRadius',
  'display',
  'flexDirection',
  'justifyContent',
  'alignItems',
  'gap',
  'boxShadow',
  'backgroundImage',
] as const;

/** The selected element's styles, for desktop or mobile, and whether it shows on mobile. */
export function StyleInspector({
  element,
  breakpoint,
  onBreakpointChange,
  onChange,
}: {
  element: LandingElement;
  breakpoint: Breakpoint;
  onBreakpointChange: (breakpoint: Breakpoint) => void;
  onChange: Change;
}) {
  const { t } = useTranslation();
  const id = element.attributes.id;
  const styleKey = breakpoint === 'desktop' ? 'styles' : 'stylesMobile';
  const styles: StyleMap = element[styleKey];
  const isHiddenOnMobile = element.stylesMobile.display === 'none';
  return (
    <>
      <Title order={5} mt="sm">
        {t('builder.inspector.styles')}
      </Title>
      <SegmentedControl
        size="xs"
        value={breakpoint}
        onChange={(value) => onBreakpointChange(value as Breakpoint)}
        data={[
          { value: 'desktop', label: t('builder.inspector.desktop') },
          { value: 'mobile', label: t('builder.inspector.mobile') },
        ]}
      />
      <Checkbox
        label={t('builder.inspector.hideOnMobile')}
        data-testid="hide-on-mobile"
        checked={isHiddenOnMobile}
        onChange={(event) => {
          const hide = event.currentTarget.checked;
          onChange((item) => {
            const stylesMobile = { ...item.stylesMobile };
            if (hide) stylesMobile.display = 'none';
            else delete stylesMobile.display;
            return { ...item, stylesMobile };
          });
        }}
      />
      <Checkbox
        label={t('builder.inspector.applyInMobile')}
        checked={element.stylesApplyInMobile}
        onChange={(event) => {
          const apply = event.currentTarget.checked;
          onChange((item) => ({ ...item, stylesApplyInMobile: apply }));
        }}
      />
      {STYLE_FIELDS.map((property) => (
        <CheckedInput
          key={`${id}-${styleKey}-${property}`}
          label={t(`builder.styles.${property}`)}
          testId={`style-${property}`}
          value={styles[property] ?? ''}
          check={(value) => {
            if (value.trim() === '') return null;
            const result = checkStyle(property, value);
            return result.ok ? null : message(result.code);
          }}
          onCommit={(value) =>
            onChange((item) => {
              const next = { ...item[styleKey] };
              if (value.trim() === '') delete next[property];
              else next[property] = value.trim();
              return { ...item, [styleKey]: next };
            }, `${id}:${styleKey}:${property}`)
          }
        />
      ))}
    </>
  );
}
