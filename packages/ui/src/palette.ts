/**
 * The colours of both apps, as plain values: the theme (`theme.css.ts`) puts them in its CSS
 * variables, and the front door's build writes two of them into its web app manifest.
 */
export const palette = {
  text: '#0f172a',
  textMuted: '#475569',
  background: '#ffffff',
  surface: '#ffffff',
  surfaceAlt: '#f1f5f9',
  border: '#cbd5e1',
  primary: '#1e40af',
  primaryHover: '#1e3a8a',
  onPrimary: '#ffffff',
  accent: '#0f766e',
  star: '#b45309',
  // Blue, so a focused field never reads as a field in error (danger is red).
  focus: '#2563eb',
  dark: '#0f172a',
  onDark: '#f8fafc',
  onDarkMuted: '#cbd5e1',
  danger: '#b91c1c',
  dangerHover: '#991b1b',
  dangerSurface: '#fef2f2',
  success: '#166534',
  successSurface: '#f0fdf4',
  warning: '#92400e',
  warningSurface: '#fffbeb',
} as const;
