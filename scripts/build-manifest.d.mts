/** A Vite build read through its manifest (build-manifest.mjs). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export declare function readBuild(dist: string): {
  entryKey: string;
  gzipKb(file: string): number;
  chunk(key: string): ManifestChunk;
  staticClosure(key: string, files?: Set<string>): Set<string>;
  pageFiles(key: string, named?: string[]): Set<string>;
};
