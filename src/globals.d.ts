declare const __AES_KEY__: string;
declare const __AES_IV__: string;
