import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const root = style({
  background: vars.color.dark,
  color: vars.color.onDarkMuted,
  paddingBlock: vars.space.xxl,
  // The rest of a window the page does not fill is the footer's (RootLayout's aboveFooter).
  flexGrow: 1,
});

export const columns = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: '2fr 1fr 1fr 1fr' },
  },
});

export const brand = style({
  color: vars.color.onDark,
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
});

export const heading = style({
  color: vars.color.onDark,
  fontSize: vars.fontSize.md,
  marginBottom: vars.space.sm,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});

export const link = style({
  color: vars.color.onDarkMuted,
  textDecoration: 'none',
  display: 'inline-block',
  paddingBlock: '2px',
  selectors: { '&:hover': { color: vars.color.onDark, textDecoration: 'underline' } },
});

export const bottom = style({
  borderTop: `1px solid #334155`,
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  fontSize: vars.fontSize.sm,
});
