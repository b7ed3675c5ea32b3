import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * "Getting ready...": the early-taps script's status while a tap waits for the page's code
 * (`early-taps.js` adds it to the body, outside what React hydrates). At the foot of the screen,
 * above the page.
 */
globalStyle('[data-getting-ready]', {
  position: 'fixed',
  zIndex: 100,
  left: '50%',
  bottom: vars.space.md,
  transform: 'translateX(-50%)',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.dark,
  color: vars.color.onDark,
  boxShadow: vars.shadow.raised,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});
