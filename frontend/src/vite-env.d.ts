/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API is when /config.json does not say (a dev server without the console server). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
