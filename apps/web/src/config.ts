/**
 * The tracker's sign-in page. The site answers /sign-in with a redirect to its tracker's public
 * origin (TRACKER_PUBLIC_URL, read when the server starts), so one build works everywhere;
 * VITE_TRACKER_SIGN_IN_URL at build time overrides it.
 */
export const TRACKER_SIGN_IN_URL: string = import.meta.env.VITE_TRACKER_SIGN_IN_URL || '/sign-in';
