import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from './theme.css.ts';

/**
 * The header bar's height: on a phone, toasts open just below it so its buttons stay usable, and
 * a focused control scrolls clear of it (global.css.ts).
 */
export const BAR_HEIGHT = '4rem';

/** The header itself: it stays at the top of the screen as the page scrolls. */
export const root = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** The link home: the logo and the product's name. */
export const logoBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  fontWeight: 700,
  color: vars.color.text,
  textDecoration: 'none',
});

/** The link home in the full-height bar. */
export const logo = style([
  logoBase,
  {
    gap: vars.space.sm,
    fontSize: vars.fontSize.md,
    '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.lg } },
  },
]);
