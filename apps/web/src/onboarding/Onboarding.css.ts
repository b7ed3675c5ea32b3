import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../styles/theme.css.ts';

export const page = style({
  background: vars.color.surfaceAlt,
  minHeight: '70vh',
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.md,
  '@media': { [breakpoints.tablet]: { paddingBlock: vars.space.xxl } },
});

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

export const text = style({ color: vars.color.textMuted });

export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: vars.space.sm,
  minHeight: '44px',
  font: 'inherit',
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const options = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const legend = style({ fontWeight: 600, marginBottom: vars.space.sm, padding: 0 });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, borderWidth: '2px' },
  },
});

export const inlineError = style({
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  fontWeight: 600,
});

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

export const success = style({
  border: `1px solid ${vars.color.success}`,
  background: vars.color.successSurface,
  color: vars.color.success,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});

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

export const goal = style({ fontStyle: 'italic', color: vars.color.textMuted });

// Also used on a <ul>: no list indent, so the choices line up with the heading.
export const choices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const countdown = style({ fontWeight: 600, color: vars.color.accent });

export const photoRow = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
});

export const photoPreview = style({
  width: '96px',
  height: '96px',
  borderRadius: '50%',
  objectFit: 'cover',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});

export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
});

// The file input is hidden behind its button-like label: show the keyboard focus on the label.
globalStyle(`${fileInput}:focus-visible + label`, {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

export const callTime = style({
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const callTimeMain = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
