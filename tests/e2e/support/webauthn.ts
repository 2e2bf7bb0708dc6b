import type { Page } from 'playwright-core';

export interface VirtualAuthenticator {
  /** The credentials the authenticator holds (DevTools' WebAuthn.getCredentials). */
  credentials(): Promise<Array<{ credentialId: string; rpId?: string; signCount: number; isResidentCredential: boolean }>>;
  remove(): Promise<void>;
}

/**
 * A virtual authenticator in the page's Chromium, through the DevTools protocol's WebAuthn
 * domain: `internal` is the device's own (a platform authenticator with a fingerprint reader,
 * holding passkeys), `usb` a roaming security key. Presence and user verification succeed at
 * once, as if the member touched the key.
 */
export async function addVirtualAuthenticator(page: Page, transport: 'internal' | 'usb'): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}
