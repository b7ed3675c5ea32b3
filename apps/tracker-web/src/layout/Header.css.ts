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

/**
 * A member's links and Sign out. On a phone they share one row under the product's name, close
 * together, so the header takes two rows rather than three and the day's check-in is on the
 * first screen.
 */
export const nav = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  '@media': { [breakpoints.tablet]: { gap: vars.space.md, fontSize: vars.fontSize.md } },
});

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  paddingInline: vars.space.xs,
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&[aria-current="page"]': { color: vars.color.primary, textDecoration: 'underline' },
  },
  '@media': { [breakpoints.tablet]: { paddingInline: vars.space.sm } },
});

/** Sign out, narrower on a phone to share the links' row (a pill still, 44 px high). */
export const signOut = style({
  selectors: { [`${nav} &`]: { paddingInline: vars.space.md, fontSize: 'inherit' } },
  '@media': {
    [breakpoints.tablet]: { selectors: { [`${nav} &`]: { paddingInline: vars.space.lg } } },
  },
});
