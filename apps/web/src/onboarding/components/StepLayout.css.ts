import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const page = style({
  background: vars.color.surfaceAlt,
  minHeight: '70vh',
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.md,
  '@media': { [breakpoints.tablet]: { paddingBlock: vars.space.xxl } },
});

/** A page whose first screenful matters on a phone: less room around the card. */
export const compactPage = style([
  page,
  {
    paddingBlock: vars.space.md,
    paddingInline: vars.space.sm,
    '@media': {
      [breakpoints.tablet]: { paddingBlock: vars.space.xxl, paddingInline: vars.space.md },
    },
  },
]);

export const card = style({
  maxWidth: vars.width.prose,
  marginInline: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': { [breakpoints.tablet]: { padding: vars.space.xl } },
});

export const wideCard = style([card, { maxWidth: vars.width.content }]);

export const compactWideCard = style([
  wideCard,
  {
    padding: vars.space.md,
    gap: vars.space.md,
    '@media': { [breakpoints.tablet]: { padding: vars.space.xl, gap: vars.space.lg } },
  },
]);

/** The step's header row: progress, and the held slot where it runs. */
export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const progress = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.accent,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

export const heading = style({
  fontSize: vars.fontSize.xxl,
  letterSpacing: '-0.01em',
  selectors: { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 'none' } },
});

/** Secondary copy of a screen. */
export const text = style({ color: vars.color.textMuted });

export const compactHeading = style([
  heading,
  {
    fontSize: vars.fontSize.xl,
    '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.xxl } },
  },
]);
