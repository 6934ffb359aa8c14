// oidc-provider's own request context (the package declares no types for its internals); used by
// builtin-provider.ts to switch it off between the provider's requests.
declare module "oidc-provider/lib/helpers/als.js" {
  import type { AsyncLocalStorage } from "node:async_hooks";

  const providerContext: AsyncLocalStorage<unknown>;
  export default providerContext;
}
