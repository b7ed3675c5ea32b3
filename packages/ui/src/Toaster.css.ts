import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { BAR_HEIGHT } from './header.css.ts';
import { breakpoints, vars } from './theme.css.ts';

/** Where a toast comes in from: above the screen's edge or below it. */
const enterFrom = createVar();

const viewportBase = style({
  position: 'fixed',
  zIndex: 100,
  left: 0,
  right: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  margin: 0,
  listStyle: 'none',
  outline: 'none',
  // F8 moves focus here (spec 9): keyboard users must see where it went.
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
  '@media': {
    [breakpoints.tablet]: { left: 'auto', bottom: 0, width: '26rem', maxWidth: '100vw' },
  },
});

/**
 * Where toasts show on a phone; on larger screens they show bottom-right whatever the position.
 * `top`: just below the header (the site, spec 2), so its menu button stays usable; focused
 * controls keep clear of them through their scroll margin (global.css.ts). `bottom`: the bottom
 * of the screen (the tracker, whose header wraps to two rows on a phone: a toast at the top would
 * cover Sign out).
 */
export const viewport = styleVariants({
  top: [
    viewportBase,
    {
      top: `calc(${BAR_HEIGHT} + 1px)`,
      vars: { [enterFrom]: '-100%' },
      '@media': { [breakpoints.tablet]: { top: 'auto' } },
    },
  ],
  bottom: [viewportBase, { bottom: 0, vars: { [enterFrom]: '100%' } }],
});

export type ToastPosition = keyof typeof viewport;

const slideIn = keyframes({
  from: { transform: `translateY(${enterFrom})`, opacity: 0 },
  to: { transform: 'translateY(0)', opacity: 1 },
});

const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

const rootBase = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.sm,
  alignItems: 'start',
  padding: vars.space.md,
  paddingRight: vars.space.xxl,
  borderRadius: vars.radius.md,
  border: '1px solid',
  boxShadow: vars.shadow.raised,
  selectors: {
    '&[data-state="open"]': { animation: `${slideIn} 200ms ease-out` },
    '&[data-state="closed"]': { animation: `${fadeOut} 150ms ease-in` },
    '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    '&[data-swipe="cancel"]': {
      transform: 'translateX(0)',
      transition: 'transform 200ms ease-out',
    },
    '&[data-swipe="end"]': { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
  },
});

export const root = styleVariants({
  default: [
    rootBase,
    { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border },
  ],
  destructive: [
    rootBase,
    { background: vars.color.danger, color: vars.color.onPrimary, borderColor: vars.color.danger },
  ],
});

export const title = style({ fontWeight: 600, gridColumn: '1 / -1' });
export const description = style({ fontSize: vars.fontSize.sm, gridColumn: '1 / -1' });

export const action = style({
  gridColumn: '1 / -1',
  justifySelf: 'start',
  minHeight: '36px',
  paddingInline: vars.space.md,
  borderRadius: vars.radius.sm,
  border: '1px solid currentColor',
  background: 'transparent',
  color: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
});

export const close = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  width: '32px',
  height: '32px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
});
