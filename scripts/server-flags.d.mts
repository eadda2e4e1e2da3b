export declare const SERVER_FLAGS: string[];
export declare function serverFlags(env?: NodeJS.ProcessEnv): string[];
export declare function serverEnv(env?: NodeJS.ProcessEnv): Record<string, string>;
