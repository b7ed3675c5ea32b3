import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/** The header bar's height: toasts on a phone open just below it, so its buttons stay usable. */
export const BAR_HEIGHT = '4rem';

export const root = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  minHeight: BAR_HEIGHT,
  paddingBlock: vars.space.sm,
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 700,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  textDecoration: 'none',
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.lg } },
});

export const logoImage = style({ width: '32px', height: '32px', flexShrink: 0 });

export const nav = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { [breakpoints.tablet]: { gap: vars.space.md } },
});

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  paddingInline: vars.space.sm,
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&[aria-current="page"]': { color: vars.color.primary, textDecoration: 'underline' },
  },
});
