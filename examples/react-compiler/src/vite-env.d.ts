/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The tenant's origin, from the build's environment (see `envPrefix` in vite.config.ts). */
  readonly SVC_TENANT_ORIGIN?: string;
}
