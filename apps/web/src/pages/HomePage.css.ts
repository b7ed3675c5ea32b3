import { card } from '@app/ui/layout.css';
import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const hero = style({
  paddingBlock: vars.space.section,
  background: `linear-gradient(180deg, ${vars.color.surfaceAlt} 0%, ${vars.color.background} 100%)`,
});

export const heroGrid = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1fr 1fr' } },
});

export const tagline = style({
  color: vars.color.accent,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  fontSize: vars.fontSize.sm,
  marginBottom: vars.space.sm,
});

export const heroText = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
  marginBlock: vars.space.lg,
  maxWidth: '36rem',
});

export const heroImage = style({ width: '100%', borderRadius: vars.radius.lg });

export const areaCard = style([
  card,
  {
    flex: 1,
    textDecoration: 'none',
    color: vars.color.text,
    transition: 'transform 150ms ease, box-shadow 150ms ease, border-color 150ms ease',
    selectors: {
      '&:hover': {
        borderColor: vars.color.primary,
        boxShadow: vars.shadow.raised,
        transform: 'translateY(-2px)',
      },
    },
  },
]);

export const areaIcon = style({ color: vars.color.primary });
export const areaTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
export const areaMore = style({ marginTop: 'auto', color: vars.color.primary, fontWeight: 600 });

export const featureIcon = style({
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.md,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.surfaceAlt,
  color: vars.color.primary,
});

export const processGrid = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1fr 1fr' } },
});

export const processHeading = style({
  fontSize: vars.fontSize.xxl,
  marginBottom: vars.space.md,
});

export const processText = style({ color: vars.color.onDarkMuted, marginBottom: vars.space.lg });

export const formula = style({
  width: '100%',
  background: vars.color.onDark,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
});

export const scripture = style({
  maxWidth: vars.width.prose,
  marginInline: 'auto',
  textAlign: 'center',
});

export const verse = style({
  fontSize: vars.fontSize.xl,
  fontStyle: 'italic',
  lineHeight: 1.5,
  margin: 0,
});

export const reference = style({
  display: 'block',
  marginTop: vars.space.md,
  color: vars.color.textMuted,
  fontStyle: 'normal',
  fontWeight: 600,
});
