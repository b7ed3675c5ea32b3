import { style } from '@vanilla-extract/css';
import { BAR_HEIGHT } from './header.css.ts';
import { vars } from './theme.css.ts';

/**
 * The header's menu disclosure, shared by the site's header and the console's: below a breakpoint
 * the links wait behind a Menu button and open as a panel under the bar; from the breakpoint up
 * they are a row in the bar and the button is gone. Apart from `header.css.ts` so that a page
 * whose header has no menu does not load these rules.
 */

/** The Menu button's frame; each header sets its size and content. */
export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
});

/** Open below the breakpoint: a panel under the header, over the page, one link a line. */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.xs,
  position: 'absolute',
  insetInline: 0,
  top: '100%',
  padding: vars.space.md,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  // A phone held sideways is shorter than the list: the panel scrolls on its own.
  maxHeight: `calc(100dvh - ${BAR_HEIGHT})`,
  overflowY: 'auto',
});

/**
 * The links as a row in the bar, open or not, from the breakpoint up (a plain rule: a `.css.ts`
 * file exports values only); each header adds its gap.
 */
export const inBar = {
  position: 'static',
  display: 'flex',
  flexDirection: 'row',
  alignItems: 'center',
  flexWrap: 'wrap',
  padding: 0,
  border: 'none',
  boxShadow: 'none',
  maxHeight: 'none',
  overflowY: 'visible',
} as const;
