import { breakpoints, vars } from '@app/ui/theme.css';
import { style, styleVariants } from '@vanilla-extract/css';

export const statements = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const portrait = style({ borderRadius: '50%', marginInline: 'auto' });
export const bio = style({ textAlign: 'center', alignItems: 'center' });
export const role = style({ color: vars.color.accent, fontWeight: 600 });

export const newsMeta = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

const badgeBase = style({
  display: 'inline-block',
  paddingInline: vars.space.sm,
  paddingBlock: '2px',
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.02em',
});

// Dark text on light tints: every pair is above 4.5:1.
export const badge = styleVariants({
  Award: [badgeBase, { background: '#fef3c7', color: '#78350f' }],
  Feature: [badgeBase, { background: '#dbeafe', color: '#1e3a8a' }],
  Funding: [badgeBase, { background: '#dcfce7', color: '#14532d' }],
  Research: [badgeBase, { background: '#ede9fe', color: '#4c1d95' }],
  Interview: [badgeBase, { background: '#fce7f3', color: '#831843' }],
  Partnership: [badgeBase, { background: '#ccfbf1', color: '#134e4a' }],
});
