/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BUILD_ID: string;
}

/** A locale file cut to the sections the visitor's pages use (vite.config.ts, evt-locale-sections). */
declare module '*.json?sections=visitor' {
  const messages: Record<string, unknown>;
  export default messages;
}
