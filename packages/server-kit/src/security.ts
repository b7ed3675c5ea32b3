/**
 * The Content Security Policy both servers send: scripts and styles only from the app's own files
 * (the Vite builds have no inline script), no plugins, no <base> rewriting, no framing. Member
 * photos may be absolute https URLs (spec 3); blob: is the chosen photo's preview.
 */
export const SELF_ONLY_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Record<string, string[]>;
