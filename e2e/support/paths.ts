import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root (e2e/support/../..). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The built web app the server serves; `npm run build` writes it. WEB_DIST_DIR (which the server
 * reads too) points both at another build.
 */
export const webDist = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? path.join('web', 'dist'));

/** Screenshots of the screens under test (git-ignored). */
export const screenshotDir = path.join(repoRoot, 'screenshots');
