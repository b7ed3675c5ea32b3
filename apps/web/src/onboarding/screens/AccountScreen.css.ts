import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/** The sign-in offer under the email field: what it does, then its button. */
export const signInOffer = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});
