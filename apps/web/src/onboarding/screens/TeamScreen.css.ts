import { keyframes, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinnerRow = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.xl,
  textAlign: 'center',
});

export const spinner = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '50%',
  border: `4px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 900ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const members = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [breakpoints.desktop]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
});

export const member = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
});

export const yourSpot = style([
  member,
  {
    border: `2px dashed ${vars.color.primary}`,
    justifyContent: 'center',
    color: vars.color.primary,
    fontWeight: 600,
    minHeight: '10rem',
  },
]);

export const avatar = style({
  width: '80px',
  height: '80px',
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
    fontSize: vars.fontSize.xl,
    color: vars.color.primary,
  },
]);

export const memberName = style({ fontSize: vars.fontSize.md });

export const about = style({ color: vars.color.textMuted });

export const goal = style({ fontStyle: 'italic', color: vars.color.textMuted });

export const countdown = style({ fontWeight: 600, color: vars.color.accent });

export const notice = style({
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const choices = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
