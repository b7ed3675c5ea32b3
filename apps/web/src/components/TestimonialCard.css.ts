import { card } from '@app/ui/layout.css';
import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const root = style([card, { margin: 0, gap: vars.space.md }]);
export const person = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });
export const photo = style({ borderRadius: '50%', flexShrink: 0 });
export const name = style({ display: 'block', fontWeight: 700 });
export const role = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
export const quote = style({ margin: 0, fontStyle: 'italic' });
export const achievement = style({
  marginTop: 'auto',
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.success,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
});
export const achievementLabel = style({ color: vars.color.textMuted, fontWeight: 500 });
