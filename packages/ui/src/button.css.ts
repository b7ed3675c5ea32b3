import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  paddingInline: vars.space.lg,
  paddingBlock: vars.space.sm,
  borderRadius: vars.radius.pill,
  border: '2px solid transparent',
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  // A link that looks like a button wraps its words the way a <button> does.
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease, border-color 150ms ease',
  // aria-disabled keeps the button focusable (it says why it is not ready, or that it is busy) but
  // looks the same as a disabled one.
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

/** Button looks, shared by <button> and link elements; the keys are the `variant` prop type. */
export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: { '&:hover': { background: vars.color.primaryHover } },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.primary,
      borderColor: vars.color.primary,
      selectors: { '&:hover': { background: vars.color.surfaceAlt } },
    },
  ],
  /** On a dark band of the page. */
  onDark: [
    buttonBase,
    {
      background: vars.color.onDark,
      color: vars.color.dark,
      selectors: { '&:hover': { background: vars.color.onDarkMuted } },
    },
  ],
  /** An action that deletes or refuses something. */
  danger: [
    buttonBase,
    {
      background: vars.color.danger,
      color: vars.color.onPrimary,
      selectors: { '&:hover': { background: vars.color.dangerHover } },
    },
  ],
});

export type ButtonVariant = keyof typeof button;

/** "Skip to content": out of sight until keyboard focus reaches it. */
export const skipLink = style([
  buttonBase,
  {
    position: 'absolute',
    left: vars.space.md,
    top: vars.space.md,
    zIndex: 100,
    background: vars.color.primary,
    color: vars.color.onPrimary,
    transform: 'translateY(-200%)',
    selectors: { '&:focus-visible': { transform: 'none' } },
  },
]);
