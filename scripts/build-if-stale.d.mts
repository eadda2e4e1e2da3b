export declare function buildIfStale(names: ('contract' | 'server' | 'web')[]): void;
