interface ImportMetaEnv {
  /** Build-time override of the first UI language (DESIGN §1 DEFAULT_LOCALE). */
  readonly VITE_DEFAULT_LOCALE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
