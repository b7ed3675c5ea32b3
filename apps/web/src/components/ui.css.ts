import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

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

export const center = style({
  display: 'flex',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginTop: vars.space.xl,
});

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
