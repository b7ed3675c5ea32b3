import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

// The main region takes focus after a navigation only to move the reading position; it is not a
// control, so it shows no focus ring.
export const main = style({
  flex: '1 0 auto',
  outline: 'none',
  selectors: { '&:focus-visible': { outline: 'none' } },
});

/** For screens with no band at the top of their own: room above and below the content. */
export const paddedMain = style([main, { paddingBlock: vars.space.xl }]);

/**
 * Above a footer the page keeps its own height and the footer takes what is left of the window.
 * Were the page to stretch instead, a phone that paints the document before the footer has all
 * arrived would show the page stretched over the missing part, then pull the footer up once it
 * is whole: a layout shift on every page short enough to end above the fold.
 */
export const aboveFooter = style({ flexGrow: 0 });
