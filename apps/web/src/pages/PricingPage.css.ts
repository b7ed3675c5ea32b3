import { card } from '@app/ui/layout.css';
import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const plan = style([
  card,
  {
    maxWidth: '28rem',
    marginInline: 'auto',
    textAlign: 'center',
    alignItems: 'center',
    borderColor: vars.color.primary,
    borderWidth: '2px',
  },
]);

export const price = style({
  fontSize: 'clamp(3rem, 2rem + 4vw, 4.5rem)',
  fontWeight: 800,
  lineHeight: 1,
  color: vars.color.text,
});

export const features = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.xs,
  textAlign: 'left',
});

export const note = style({
  marginTop: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
});
