import { vars } from '@app/ui/theme.css';
import { style, styleVariants } from '@vanilla-extract/css';

/** Answers in words first; the tint only helps a sighted reader scan the grid. */
export const mark = styleVariants({
  yes: { background: vars.color.successSurface, color: vars.color.success },
  no: { background: vars.color.warningSurface, color: vars.color.warning },
  none: { color: vars.color.textMuted },
});

export const today = style({
  fontWeight: 700,
  borderRadius: vars.radius.sm,
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xs,
  alignSelf: 'flex-start',
});

export const week = style({ fontWeight: 600 });

/** The days' section may be narrower than its table: the table scrolls inside it. */
export const section = style({ minWidth: 0 });

export const scroller = style({
  overflowX: 'auto',
  maxWidth: '100%',
  // The cells' screen-reader words are positioned absolutely: a positioned scroller keeps them
  // inside it, where they would otherwise widen the page.
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } },
});

export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: vars.fontSize.sm,
});

export const name = style({
  textAlign: 'start',
  whiteSpace: 'nowrap',
  padding: vars.space.sm,
  position: 'sticky',
  insetInlineStart: 0,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const dayHead = style({
  padding: vars.space.xs,
  fontWeight: 600,
  textAlign: 'center',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const dayName = style({ textDecoration: 'none' });

export const cell = style({
  textAlign: 'center',
  padding: vars.space.xs,
  minWidth: '2.5rem',
  fontWeight: 600,
  border: `1px solid ${vars.color.surface}`,
});

export const paused = style({ fontWeight: 600, color: vars.color.textMuted });
