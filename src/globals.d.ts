declare const __AES_KEY__: string;
declare const __AES_IV__: string;

interface ImportMetaEnv {
  /** Base URL of the gateway; empty means the same origin. */
  readonly VITE_API_BASE?: string;
}

/** qs, the query-string parser of Refine's router binding (used the same way by src/router-provider.ts), has no types of its own. */
declare module 'qs' {
  export interface ParseOptions {
    ignoreQueryPrefix?: boolean;
    depth?: number;
  }
  export function parse(text: string, options?: ParseOptions): Record<string, unknown>;
  const qs: { parse: typeof parse };
  export default qs;
}
