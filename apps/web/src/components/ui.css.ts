import { breakpoints, vars } from '@app/ui/theme.css';
import { style, styleVariants } from '@vanilla-extract/css';

export const container = style({
  width: '100%',
  maxWidth: vars.width.content,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  '@media': { [breakpoints.tablet]: { paddingInline: vars.space.xl } },
});

export const section = style({ paddingBlock: vars.space.section });
export const sectionAlt = style([section, { background: vars.color.surfaceAlt }]);
export const sectionDark = style([
  section,
  { background: vars.color.dark, color: vars.color.onDark },
]);

export const pageHeader = style({
  paddingBlock: vars.space.section,
  background: vars.color.surfaceAlt,
  textAlign: 'center',
});

export const h1 = style({ fontSize: vars.fontSize.hero, letterSpacing: '-0.02em' });
export const h2 = style({
  fontSize: vars.fontSize.xxl,
  letterSpacing: '-0.01em',
  textAlign: 'center',
  marginBottom: vars.space.xl,
});
export const h3 = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.sm });

export const lead = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
  maxWidth: vars.width.prose,
  marginInline: 'auto',
  marginTop: vars.space.md,
});

export const muted = style({ color: vars.color.textMuted });

const gridBase = style({ display: 'grid', gap: vars.space.lg, gridTemplateColumns: '1fr' });

export const grid2 = style([
  gridBase,
  { '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' } } },
]);
export const grid3 = style([
  gridBase,
  {
    '@media': {
      [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
      [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, 1fr)' },
    },
  },
]);
export const grid4 = style([
  gridBase,
  {
    '@media': {
      [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
      [breakpoints.desktop]: { gridTemplateColumns: 'repeat(4, 1fr)' },
    },
  },
]);

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.card,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const center = style({
  display: 'flex',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginTop: vars.space.xl,
});

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  paddingInline: vars.space.lg,
  paddingBlock: vars.space.sm,
  borderRadius: vars.radius.pill,
  border: '2px solid transparent',
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease, border-color 150ms ease',
  // aria-disabled keeps the button focusable (it says why it is not ready) but looks the same as
  // a disabled one.
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

/** Button looks, shared by <button> and link elements; the keys are the `variant` prop type. */
export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: { '&:hover': { background: vars.color.primaryHover } },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.primary,
      borderColor: vars.color.primary,
      selectors: { '&:hover': { background: vars.color.surfaceAlt } },
    },
  ],
  onDark: [
    buttonBase,
    {
      background: vars.color.onDark,
      color: vars.color.dark,
      selectors: { '&:hover': { background: vars.color.onDarkMuted } },
    },
  ],
});

export type ButtonVariant = keyof typeof button;

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const skipLink = style([
  buttonBase,
  {
    position: 'absolute',
    left: vars.space.md,
    top: vars.space.md,
    zIndex: 100,
    background: vars.color.primary,
    color: vars.color.onPrimary,
    transform: 'translateY(-200%)',
    selectors: { '&:focus-visible': { transform: 'none' } },
  },
]);

/** A message set apart in its tone's colours (a warning, an error), with rounded corners. */
export const tinted = styleVariants({
  warning: {
    border: `1px solid ${vars.color.warning}`,
    background: vars.color.warningSurface,
    color: vars.color.warning,
    borderRadius: vars.radius.md,
  },
  danger: {
    border: `1px solid ${vars.color.danger}`,
    background: vars.color.dangerSurface,
    color: vars.color.danger,
    borderRadius: vars.radius.md,
  },
});

/** Items side by side, centred on one line and wrapping when there is no room. */
export const wrapRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const plainList = style({ listStyle: 'none', padding: 0, margin: 0 });
/** A short list of facts or steps, its items spaced apart. */
export const spacedList = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const stretch = style({ display: 'flex', flexDirection: 'column' });
export const figure = style({ margin: 0 });
