// Payment providers: the port (types), Stripe's adapter, an organization's sealed connection,
// the checkout the hosted page's button starts, and what a provider's webhook does to the ledger.
export * from "./accounts";
export * from "./checkout";
export * from "./ledger";
export * from "./stripe";
export * from "./types";
