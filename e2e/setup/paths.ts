import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
export const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
