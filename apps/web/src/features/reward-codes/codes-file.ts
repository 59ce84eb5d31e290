const HEADERS = new Set(['code', 'codigo', 'código', 'codes', 'codigos', 'códigos']);

/**
 * The codes a CSV lists (one per line, in its first column; a header row named "code" or
 * "código" is skipped), without repeats.
 */
export function codesFromFile(text: string): string[] {
  const codes = new Set<string>();
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const first = (line.split(/[,;\t]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (first && !HEADERS.has(first.toLowerCase())) codes.add(first);
  }
  return [...codes];
}
