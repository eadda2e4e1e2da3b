export declare const SERVER_FLAGS: string[];
export declare function serverFlags(env?: NodeJS.ProcessEnv): string[];
