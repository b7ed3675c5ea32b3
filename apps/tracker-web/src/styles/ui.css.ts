import { breakpoints, vars } from '@app/ui/theme.css';
import { style, styleVariants } from '@vanilla-extract/css';

export const container = style({
  width: '100%',
  maxWidth: vars.width.content,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  '@media': { [breakpoints.tablet]: { paddingInline: vars.space.xl } },
});

/** A single column of forms or text, readable at any width. */
export const narrow = style([container, { maxWidth: vars.width.prose }]);

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const h1 = style({ fontSize: vars.fontSize.xxl, letterSpacing: '-0.01em' });
export const h2 = style({ fontSize: vars.fontSize.xl });
export const h3 = style({ fontSize: vars.fontSize.lg });

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted });
export const muted = style({ color: vars.color.textMuted });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.card,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  overflowWrap: 'anywhere',
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
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease, border-color 150ms ease',
  // aria-disabled keeps a busy button focusable but looks the same as a disabled one.
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

/** Button looks, shared by <button> and link elements. */
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
  danger: [
    buttonBase,
    {
      background: vars.color.danger,
      color: vars.color.onPrimary,
      selectors: { '&:hover': { background: vars.color.dangerHover } },
    },
  ],
});

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

/** A message set apart in its tone's colours, with rounded corners. */
export const tinted = styleVariants({
  success: {
    border: `1px solid ${vars.color.success}`,
    background: vars.color.successSurface,
    color: vars.color.success,
    borderRadius: vars.radius.md,
    padding: vars.space.md,
  },
  warning: {
    border: `1px solid ${vars.color.warning}`,
    background: vars.color.warningSurface,
    color: vars.color.warning,
    borderRadius: vars.radius.md,
    padding: vars.space.md,
  },
  danger: {
    border: `1px solid ${vars.color.danger}`,
    background: vars.color.dangerSurface,
    color: vars.color.danger,
    borderRadius: vars.radius.md,
    padding: vars.space.md,
  },
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const plainList = style({ listStyle: 'none', padding: 0, margin: 0 });
