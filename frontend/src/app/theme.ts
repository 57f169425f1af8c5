import {
  createTheme,
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** A deep teal: calm for all-day reading, and dark enough at shade 7 for white text (AA). */
const casebookTeal: MantineColorsTuple = [
  '#e7f6f7',
  '#d0e9eb',
  '#a3d3d7',
  '#72bcc2',
  '#4aa8b0',
  '#319ca4',
  '#1f949d',
  '#0d7780',
  '#006a73',
  '#005c64',
];

/**
 * Light badges and buttons take their text from the colour's darkest shade,
 * darkened further: Mantine's default for them (shade 6 of teal, lime,
 * yellow, cyan …), and even shade 9 of yellow and teal, is below WCAG AA
 * contrast on their own tinted background at badge size.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return resolved;
  const text = `color-mix(in srgb, var(--mantine-color-${parsed.color}-9), black 40%)`;
  return { ...resolved, color: text, hoverColor: text };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'casebook',
  primaryShade: 7,
  colors: { casebook: casebookTeal },
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '1.5rem', lineHeight: '1.3' },
      h2: { fontSize: '1.2rem', lineHeight: '1.35' },
      h3: { fontSize: '1.05rem', lineHeight: '1.4' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Menus, dialogs and drawers appear without animation for people who ask their system for less motion.
  respectReducedMotion: true,
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    // Tags keep the case they were written in.
    Badge: { defaultProps: { tt: 'none' } },
    Menu: { defaultProps: { shadow: 'md', radius: 'md' } },
    // A loader is an indeterminate progress bar named by its aria-label ("Loading the answers"):
    // on Mantine's bare span the label is prohibited (axe's aria-prohibited-attr) and screen
    // readers pass it by. One that stands beside words saying the same is aria-hidden instead.
    Loader: { defaultProps: { role: 'progressbar' } },
    Modal: { defaultProps: { radius: 'md', overlayProps: { backgroundOpacity: 0.35, blur: 2 }, closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // A drawer's close button is an icon alone: named, or a screen reader says "button".
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Mantine's default "dimmed" grey is below WCAG AA contrast on white (≈3.3:1);
 * this one reads at ≈5.8:1 on white and ≈5.5:1 on the navigation's grey.
 * Its error red (red 6, ≈3.3:1) is too, for a field's error and the value of a
 * field in error; red 9 reads at ≈5.9:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f666d', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
