export declare function buildIfStale(names: ('contract' | 'server' | 'web' | 'player')[]): void;
