import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from './theme.css.ts';

/** The page's content column, centred, with room at the sides. */
export const container = style({
  width: '100%',
  maxWidth: vars.width.content,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  '@media': { [breakpoints.tablet]: { paddingInline: vars.space.xl } },
});

export const muted = style({ color: vars.color.textMuted });

/** A raised panel holding one thing: a testimonial, a plan, a team, a request. */
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.card,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * A message set apart in its tone's colours (a success, a warning, an error), with rounded
 * corners; each use sets its own padding.
 */
export const tinted = styleVariants({
  success: {
    border: `1px solid ${vars.color.success}`,
    background: vars.color.successSurface,
    color: vars.color.success,
    borderRadius: vars.radius.md,
  },
  warning: {
    border: `1px solid ${vars.color.warning}`,
    background: vars.color.warningSurface,
    color: vars.color.warning,
    borderRadius: vars.radius.md,
  },
  danger: {
    border: `1px solid ${vars.color.danger}`,
    background: vars.color.dangerSurface,
    color: vars.color.danger,
    borderRadius: vars.radius.md,
  },
});

/** Items side by side, centred on one line and wrapping when there is no room. */
export const wrapRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const plainList = style({ listStyle: 'none', padding: 0, margin: 0 });
