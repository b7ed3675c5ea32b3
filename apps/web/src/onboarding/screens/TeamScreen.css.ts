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
