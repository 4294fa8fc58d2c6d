declare const __AES_KEY__: string;
declare const __AES_IV__: string;

interface ImportMetaEnv {
  /** Base URL of the gateway; empty means the same origin. */
  readonly VITE_API_BASE?: string;
}
