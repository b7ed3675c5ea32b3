import * as layout from '@app/ui/layout.css';
import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/** The compact hold line: one short row. */
export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.accent,
});

export const time = style({ fontVariantNumeric: 'tabular-nums' });

/** The warning and the released notice. */
export const notice = style([
  layout.tinted.warning,
  layout.wrapRow,
  { padding: vars.space.sm, gap: vars.space.sm, fontSize: vars.fontSize.sm },
]);

export const noticeText = style({ flex: '1 1 14rem', margin: 0 });

export const noticeActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const note = style({
  flexBasis: '100%',
  margin: 0,
  fontWeight: 600,
  color: vars.color.text,
  selectors: { '&:focus': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
