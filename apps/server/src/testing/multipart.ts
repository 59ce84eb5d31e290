/**
 * A multipart body with text fields first and one file, as the web app sends uploads: a CSV by
 * default, or any bytes (an image) with their content type.
 */
export function multipart(
  fields: Record<string, string>,
  file: string | Buffer,
  filename = 'upload.csv',
  contentType = 'text/csv',
) {
  const boundary = '----promo-test-boundary';
  const head = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  head.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = `\r\n--${boundary}--\r\n`;
  return {
    payload:
      typeof file === 'string'
        ? `${head.join('')}${file}${tail}`
        : Buffer.concat([Buffer.from(head.join('')), file, Buffer.from(tail)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
