import type { Page } from "@playwright/test";

/**
 * Gives the page's browser a platform authenticator through the Chrome DevTools Protocol
 * (`WebAuthn.addVirtualAuthenticator`): it holds discoverable credentials and verifies the user
 * at once, as a phone's fingerprint sensor would after a touch.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentialCount: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials.length,
  };
}
