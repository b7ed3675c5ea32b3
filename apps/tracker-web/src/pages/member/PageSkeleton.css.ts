import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/** A grey bar where a line of text will be: the page's shape before its data. */
export const line = style({
  display: 'block',
  height: vars.fontSize.md,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  selectors: { '&:last-child': { width: '60%' } },
});

/** The heading's place, as tall as the h1 it stands for. */
export const heading = style([line, { height: vars.fontSize.xxl, maxWidth: '16rem' }]);

/** A placeholder card about as tall as the home's first cards, so the page does not jump. */
export const card = style({ minHeight: '12rem' });
