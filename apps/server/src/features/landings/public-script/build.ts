import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
// esbuild comes with tsup (the server's build tool)
import { build } from 'esbuild';

/** The public page script's budget (issue 6): at most 30 KB gzip. */
export const SCRIPT_BUDGET_GZIP_BYTES = 30 * 1024;

/**
 * Bundles the public landing script into `outDir/landing.<hash>.js` and names it in
 * `outDir/landing-manifest.json` (read by the server at start-up). Prints the gzip size; fails
 * over the budget. Called from tsup.config.ts after the server bundle.
 */
export async function buildPublicScript(
  outDir: string,
): Promise<{ file: string; bytes: number; gzipBytes: number }> {
  const entry = fileURLToPath(new URL('./landing.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    legalComments: 'none',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('public script: esbuild produced no output');
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
  const file = `landing.${hash}.js`;
  const gzipBytes = gzipSync(code, { level: 9 }).length;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(`${outDir}/${file}`, code);
  writeFileSync(`${outDir}/landing-manifest.json`, JSON.stringify({ file, bytes: code.length, gzipBytes }));
  process.stdout.write(
    `public landing script: ${file} ${(code.length / 1024).toFixed(1)} KB, ${(gzipBytes / 1024).toFixed(1)} KB gzip (budget ${SCRIPT_BUDGET_GZIP_BYTES / 1024} KB)\n`,
  );
  if (gzipBytes > SCRIPT_BUDGET_GZIP_BYTES)
    throw new Error(
      `public landing script is ${gzipBytes} bytes gzip, over the ${SCRIPT_BUDGET_GZIP_BYTES} budget`,
    );
  return { file, bytes: code.length, gzipBytes };
}
