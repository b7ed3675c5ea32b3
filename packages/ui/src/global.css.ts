import { globalStyle } from '@vanilla-extract/css';
import { BAR_HEIGHT } from './header.css.ts';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  scrollBehavior: 'smooth',
  '@media': { '(prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' } },
});

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.6,
  color: vars.color.text,
  background: vars.color.background,
});

globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.heading,
  lineHeight: 1.2,
  margin: 0,
});

globalStyle('p', { margin: 0 });

globalStyle('img, svg', { maxWidth: '100%', height: 'auto', display: 'block' });

globalStyle('a', { color: vars.color.primary });

// One visible focus ring everywhere, on keyboard focus only.
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

// A control brought into view by focus (Tab, an error summary's link) stops below the header and
// a toast's height, so a toast at the top of a phone's screen (spec 2) never covers it.
globalStyle(':where(a, button, input, select, textarea, [tabindex])', {
  scrollMarginTop: `calc(${BAR_HEIGHT} + 7rem)`,
});

// Respect users who ask for less motion: no transitions or animations anywhere.
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

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
