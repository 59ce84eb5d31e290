/** What the build writes beside the public files and the server reads at start-up. */
export type ManifestEntry = { file: string; bytes: number; gzipBytes: number };
export type PublicManifest = Record<string, ManifestEntry>;
export const MANIFEST_FILE = 'public-manifest.json';
