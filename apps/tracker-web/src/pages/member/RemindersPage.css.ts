import { vars } from '@app/ui/theme.css';
import { globalStyle, style } from '@vanilla-extract/css';

export const check = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
});

// The browser's own checkbox is 13 px square: a target of at least 24 px (WCAG 2.5.8) whatever
// lies around it on a narrow screen.
globalStyle(`${check} > input[type="checkbox"]`, {
  flex: 'none',
  width: '24px',
  height: '24px',
  margin: 0,
});

export const time = style({ maxWidth: '10rem' });

export const days = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });

export const dayList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: `0 ${vars.space.md}`,
});

export const mailList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const mail = style({ display: 'grid', gap: 0 });
