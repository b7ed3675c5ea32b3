import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

// The main region takes focus after a navigation only to move the reading position; it is not a
// control, so it shows no focus ring.
export const main = style({
  flex: '1 0 auto',
  outline: 'none',
  paddingBlock: vars.space.xl,
  selectors: { '&:focus-visible': { outline: 'none' } },
});
