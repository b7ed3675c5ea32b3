import { breakpoints, vars } from '@app/ui/theme.css';
import { keyframes, style } from '@vanilla-extract/css';

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

/** The sample team's one-line notice with its Try again. */
export const sample = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const inlineButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const choices = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const otherChoices = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
});

/** Maybe and No thanks: rectangular, side by side, one line each. */
export const choice = style({
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.primary}`,
  background: vars.color.surface,
  color: vars.color.primary,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});

/** Yes, full width and rectangular: its first words as the label, the rest below, smaller. */
export const yes = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  width: '100%',
  paddingInline: vars.space.xs,
  paddingBlock: vars.space.sm,
  borderRadius: vars.radius.md,
  border: '2px solid transparent',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontFamily: 'inherit',
  textAlign: 'center',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.primaryHover },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const yesLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.md } },
});

export const yesSupport = style({
  fontSize: vars.fontSize.xxs,
  fontWeight: 400,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.sm } },
});
