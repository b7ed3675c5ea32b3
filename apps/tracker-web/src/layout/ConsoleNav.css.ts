import { BAR_HEIGHT } from '@app/ui/header.css';
import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';
import { navLink } from './Header.css.ts';

export const root = style({
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  '@media': { [breakpoints.tablet]: { flexShrink: 1 } },
});

/** The Menu button: on a phone only. */
export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  '@media': { [breakpoints.tablet]: { display: 'none' } },
});

/** The links as a row in the bar, from tablet width up; behind the Menu button below it. */
const inBar = {
  position: 'static',
  display: 'flex',
  flexDirection: 'row',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
  padding: 0,
  border: 'none',
  boxShadow: 'none',
  maxHeight: 'none',
  overflowY: 'visible',
} as const;

export const menu = style({
  display: 'none',
  '@media': { [breakpoints.tablet]: inBar },
});

/** Open on a phone: a panel under the header, over the page, one link a line. */
export const menuOpen = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.xs,
  position: 'absolute',
  insetInline: 0,
  top: '100%',
  padding: vars.space.md,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  // A phone held sideways is shorter than the list: the panel scrolls on its own.
  maxHeight: `calc(100dvh - ${BAR_HEIGHT})`,
  overflowY: 'auto',
  '@media': { [breakpoints.tablet]: inBar },
});

export const link = navLink;
