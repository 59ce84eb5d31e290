// Sums the gzip size of the JS a route needs: the entry chunk plus the route's lazy chunk and
// every chunk they import statically. Usage: node scripts/route-size.mjs login-route [more...]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = new URL('../dist/assets/', import.meta.url).pathname;
const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
const html = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
const seen = new Set();
function visit(name) {
  if (seen.has(name)) return;
  seen.add(name);
  const code = readFileSync(join(dir, name), 'utf8');
  for (const match of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) visit(match[1]);
}
if (entry) visit(entry);
for (const prefix of process.argv.slice(2)) {
  const chunk = files.find((name) => name.startsWith(`${prefix}-`));
  if (chunk) visit(chunk);
  else process.stderr.write(`no chunk ${prefix}\n`);
}
let total = 0;
for (const name of seen) {
  const size = gzipSync(readFileSync(join(dir, name))).length;
  total += size;
  process.stdout.write(`${(size / 1024).toFixed(1).padStart(7)} kB  ${name}\n`);
}
const css = files.length ? readdirSync(dir).filter((name) => name.endsWith('.css')) : [];
const cssSize = css.reduce((sum, name) => sum + gzipSync(readFileSync(join(dir, name))).length, 0);
process.stdout.write(`${(total / 1024).toFixed(1).padStart(7)} kB  JS total (gzip)\n`);
process.stdout.write(`${(cssSize / 1024).toFixed(1).padStart(7)} kB  CSS total (gzip)\n`);
