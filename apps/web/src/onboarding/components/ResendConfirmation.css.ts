import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const root = style({
  // A long email address in the status breaks rather than widening a phone's page.
  overflowWrap: 'anywhere',
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/**
 * A live region is only announced reliably when it was in the page before its text: it stays
 * rendered, and takes no room while empty.
 */
export const status = style({
  marginTop: vars.space.md,
  marginBottom: 0,
  selectors: { '&:empty': { marginTop: 0 } },
});
