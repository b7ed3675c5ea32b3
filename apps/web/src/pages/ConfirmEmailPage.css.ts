import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/** The "ask for a new link" form: a form's own size and alignment, below the centred lead. */
export const newLink = style({
  maxWidth: vars.width.prose,
  marginInline: 'auto',
  marginTop: vars.space.lg,
  textAlign: 'start',
});
