import { container, card as sharedCard, tinted as tone } from '@app/ui/layout.css';
import { vars } from '@app/ui/theme.css';
import { style, styleVariants } from '@vanilla-extract/css';

/** A single column of forms or text, readable at any width. */
export const narrow = style([container, { maxWidth: vars.width.prose }]);

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const h1 = style({ fontSize: vars.fontSize.xxl, letterSpacing: '-0.01em' });
export const h2 = style({ fontSize: vars.fontSize.xl });
export const h3 = style({ fontSize: vars.fontSize.lg });

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted });

/** The shared card with more room between its parts; long words (an email address) wrap. */
export const card = style([
  sharedCard,
  { gap: vars.space.md, minWidth: 0, overflowWrap: 'anywhere' },
]);

/** A message set apart in its tone's colours, with rounded corners and room inside. */
export const tinted = styleVariants(tone, (toned) => [toned, { padding: vars.space.md }]);
