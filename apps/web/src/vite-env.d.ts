/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where Sign In sends returning users: the tracker's sign-in page. */
  readonly VITE_TRACKER_SIGN_IN_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
