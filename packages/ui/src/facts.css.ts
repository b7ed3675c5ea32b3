import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A label/value list: the labels in a column as wide as the widest, the values beside them. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
});

export const term = style({ fontWeight: 600 });

/** A value never widens the page: a long address or key breaks where it must. */
export const value = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });
