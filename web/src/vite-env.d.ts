/// <reference types="vite/client" />

/** The build's version string, also written to dist/version.txt (vite.config.ts). */
declare const __APP_VERSION__: string;
