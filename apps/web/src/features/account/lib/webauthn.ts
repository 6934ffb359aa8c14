/**
 * Whether this browser can use passkeys at all, the same test as `browserSupportsWebAuthn` in
 * @simplewebauthn/browser. It is written out here so the Account page does not carry that library:
 * the library is loaded only when a keeper adds a passkey or confirms with one
 * (api/account-security.ts).
 */
export function browserSupportsWebAuthn(): boolean {
  return typeof globalThis.PublicKeyCredential === "function";
}
