import { vars } from '@app/ui/theme.css';
import { style, styleVariants } from '@vanilla-extract/css';

/** The table scrolls inside the card on a narrow phone rather than widening the page. */
export const scroller = style({
  overflowX: 'auto',
  maxWidth: '100%',
  // The cells' screen-reader words are positioned absolutely: a positioned scroller keeps them
  // inside it.
  position: 'relative',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } },
});

export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: vars.fontSize.sm,
});

/** Headings never break inside a word: on a narrow phone the table scrolls instead. */
export const head = style({
  padding: vars.space.xs,
  whiteSpace: 'nowrap',
  fontWeight: 600,
  textAlign: 'center',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const week = style({
  textAlign: 'start',
  whiteSpace: 'nowrap',
  paddingInlineEnd: vars.space.sm,
  fontWeight: 600,
});

export const cell = style({
  textAlign: 'center',
  padding: vars.space.xs,
  minWidth: '2rem',
  height: '2rem',
  fontWeight: 600,
  border: `2px solid ${vars.color.surface}`,
});

export const total = style({ whiteSpace: 'nowrap', paddingInlineStart: vars.space.sm });

/** Each state is said in words; the tint only helps a sighted reader scan the weeks. */
export const state = styleVariants({
  yes: { background: vars.color.successSurface, color: vars.color.success },
  'not-today': { background: vars.color.warningSurface, color: vars.color.warning },
  missed: { color: vars.color.textMuted, border: `2px dashed ${vars.color.border}` },
  open: { color: vars.color.textMuted },
  off: { color: vars.color.textMuted },
  'before-joining': { color: vars.color.textMuted },
  paused: { color: vars.color.textMuted, fontStyle: 'italic' },
  future: { color: vars.color.textMuted },
});
