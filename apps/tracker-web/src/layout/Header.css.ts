import { BAR_HEIGHT } from '@app/ui/header.css';
import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  minHeight: BAR_HEIGHT,
  paddingBlock: vars.space.sm,
});

/** The console's bar on a phone: the logo's words wrap beside the Menu button, on one row. */
export const consoleBar = style({
  flexWrap: 'nowrap',
  '@media': { [breakpoints.tablet]: { flexWrap: 'wrap' } },
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
