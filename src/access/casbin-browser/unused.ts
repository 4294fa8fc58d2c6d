/**
 * The browser build's stand-in for casbin's file-policy CSV parser (csv-parse) and its globMatch (minimatch)
 * (vite.config.ts aliases them there only). The portal builds the model from a string and adds its policies with
 * addPolicies (policies/enforcer.ts): no policy file or policy text is parsed, and the model's matcher uses
 * keyMatch2 and eval, never globMatch. Should either ever be called, it fails loudly instead of deciding wrongly;
 * the gateway (Node) uses the real packages.
 */
function unavailable(what: string): never {
  throw new Error(`${what} is not available in the portal's casbin build: add policies with addPolicies and match with keyMatch2`);
}

/** csv-parse/sync's parse: casbin's policy file and string adapters only. */
export function parse(): never {
  return unavailable('Parsing policy CSV');
}

/** minimatch: casbin's globMatch only. */
export function minimatch(): never {
  return unavailable('globMatch');
}
