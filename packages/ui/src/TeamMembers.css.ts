import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from './theme.css.ts';

/** Members as compact rows, each with photo, name, about and goal (spec 2). */
export const members = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
  },
});

export const member = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
});

export const memberText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
  minWidth: 0,
});

export const yourSpot = style({
  border: `2px dashed ${vars.color.primary}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  color: vars.color.primary,
  fontWeight: 600,
  textAlign: 'center',
});

export const avatar = style({
  width: '48px',
  height: '48px',
  flexShrink: 0,
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
});

export const avatarInitials = style([
  avatar,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: 700,
    fontSize: vars.fontSize.md,
    color: vars.color.primary,
  },
]);

export const memberName = style({ fontSize: vars.fontSize.md, margin: 0 });

export const about = style({ fontSize: vars.fontSize.sm });

export const goal = style({
  fontStyle: 'italic',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
