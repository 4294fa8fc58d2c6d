// Types of scripts/build-gateway.mjs for the TypeScript that imports it (tests).
export declare const ROOT: string;
export declare const DEFAULT_OUTFILE: string;
export declare const GATEWAY_NODE_FLAGS: string[];
export declare const GATEWAY_NODE_FLAGS_POSTGRES: string[];
export declare function gatewayNodeFlags(env?: Record<string, string | undefined>): string[];
export declare function buildGateway(outfile?: string): Promise<string>;
