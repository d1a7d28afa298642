/**
 * The folder a build goes to and every tool reads it from: `dist/` unless BUILD_DIR names another
 * (a second build beside it). The server build goes to the same name with `-ssr` appended.
 */
export const BUILD_DIR = process.env.BUILD_DIR ?? 'dist';
