import type { CDPSession, Page } from '@playwright/test';

// A virtual authenticator in Chromium (DevTools protocol, WebAuthn domain): a platform passkey
// store that holds discoverable keys, verifies its user and answers without a prompt. It lives
// as long as the page's DevTools session: one per page that makes or uses a passkey.

export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  signCount: number;
  privateKey: string;
}

export interface VirtualAuthenticator {
  readonly id: string;
  readonly session: CDPSession;
  /** The keys it holds, with their signature counters. */
  credentials(): Promise<VirtualCredential[]>;
  /** Puts a key in (a copy of one taken from another authenticator, say, to clone it). */
  addCredential(credential: VirtualCredential): Promise<void>;
  removeCredential(credentialId: string): Promise<void>;
  /** Whether the person is there and verified (false: the ceremony fails as a cancel does). */
  setUserVerified(verified: boolean): Promise<void>;
  remove(): Promise<void>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    id: authenticatorId,
    session,
    credentials: async () =>
      (await session.send('WebAuthn.getCredentials', { authenticatorId }))
        .credentials as VirtualCredential[],
    addCredential: async (credential) => {
      await session.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
    removeCredential: async (credentialId) => {
      await session.send('WebAuthn.removeCredential', { authenticatorId, credentialId });
    },
    setUserVerified: async (isUserVerified) => {
      await session.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
    },
    remove: async () => {
      await session.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await session.detach();
    },
  };
}
