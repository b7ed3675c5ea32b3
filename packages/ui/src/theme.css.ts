import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';
import { palette } from './palette.ts';

/** Every colour, space and size the app uses comes from this contract. */
export const vars = createThemeContract({
  color: {
    text: null,
    textMuted: null,
    background: null,
    surface: null,
    surfaceAlt: null,
    border: null,
    primary: null,
    primaryHover: null,
    onPrimary: null,
    accent: null,
    star: null,
    focus: null,
    dark: null,
    onDark: null,
    onDarkMuted: null,
    danger: null,
    dangerHover: null,
    dangerSurface: null,
    success: null,
    successSurface: null,
    warning: null,
    warningSurface: null,
  },
  font: { body: null, heading: null, mono: null },
  fontSize: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, hero: null },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, section: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  shadow: { card: null, raised: null },
  width: { content: null, prose: null },
});

// Contrast (WCAG AA) was checked for every text/background pair used: text on background 16:1,
// textMuted on background 7.4:1, onPrimary on primary 8.6:1, onDark on dark 16:1, onDarkMuted on dark 9.9:1.
createGlobalTheme(':root', vars, {
  color: palette,
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    /** Supporting text inside a control (the team step's Yes), never body copy. */
    xxs: '0.75rem',
    xs: '0.8125rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.5rem',
    xxl: 'clamp(1.75rem, 1.4rem + 1.5vw, 2.25rem)',
    hero: 'clamp(2rem, 1.5rem + 2.5vw, 3.25rem)',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: 'clamp(3rem, 2rem + 4vw, 5rem)',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgb(15 23 42 / 0.06), 0 1px 3px rgb(15 23 42 / 0.1)',
    raised: '0 10px 25px rgb(15 23 42 / 0.15)',
  },
  width: { content: '72rem', prose: '42rem' },
});

export const breakpoints = {
  tablet: 'screen and (min-width: 48em)',
  desktop: 'screen and (min-width: 64em)',
} as const;
