import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const check = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
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
