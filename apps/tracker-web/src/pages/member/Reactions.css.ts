import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

/** The cheer toggle and its count sit on one line, wrapping on a narrow phone. */
export const cheerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** The pressed cheer is marked by a ring as well as by aria-pressed and its words. */
export const cheer = style({
  selectors: {
    '&[aria-pressed="true"]': {
      outline: `3px solid ${vars.color.success}`,
      outlineOffset: '2px',
    },
  },
});

export const count = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const replies = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const reply = style({
  paddingInlineStart: vars.space.sm,
  borderInlineStart: `3px solid ${vars.color.border}`,
});

export const author = style({ fontWeight: 600 });

/** The reply box takes the card's width; the button goes below it on a phone. */
export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const field = style({ flex: '1 1 12rem', minWidth: 0 });
