/** The tracker's sign-in page; set VITE_TRACKER_SIGN_IN_URL at build time to point elsewhere. */
export const TRACKER_SIGN_IN_URL: string =
  import.meta.env.VITE_TRACKER_SIGN_IN_URL || 'https://tracker.example.com/sign-in';
