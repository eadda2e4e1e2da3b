interface ImportMetaEnv {
  /** Build-time override of the first UI language (docs/architecture.md, Configuration). */
  readonly VITE_DEFAULT_LOCALE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
