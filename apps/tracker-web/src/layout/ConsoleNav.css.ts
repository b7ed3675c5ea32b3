import * as menu from '@app/ui/menu.css';
import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';
import { navLink } from './Header.css.ts';

export const root = style({
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  '@media': { [breakpoints.tablet]: { flexShrink: 1 } },
});

/** The Menu button, with its word: on a phone only. */
export const toggle = style([
  menu.toggle,
  {
    gap: vars.space.xs,
    paddingInline: vars.space.sm,
    fontWeight: 600,
    '@media': { [breakpoints.tablet]: { display: 'none' } },
  },
]);

export const links = style({
  display: 'none',
  '@media': { [breakpoints.tablet]: { ...menu.inBar, gap: vars.space.md } },
});

export const linksOpen = style([
  menu.panel,
  { '@media': { [breakpoints.tablet]: { ...menu.inBar, gap: vars.space.md } } },
]);

export const link = navLink;
