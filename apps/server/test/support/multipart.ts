/** A multipart/form-data body with one file (and optional text fields), for `app.inject`. */
export function multipart(
  file: { name: string; body: Buffer | string; type?: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----centinela${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with several files (by part name, sent as PNGs) and text fields first. */
export function multipartFiles(files: Record<string, Buffer>, fields: Record<string, string> = {}) {
  const boundary = `----centinela${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, body] of Object.entries(files))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${name}.png"\r\ncontent-type: image/png\r\n\r\n`,
      ),
      body,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a Windows executable (an "MZ" header and a PE signature further on). */
export const EXE = Buffer.concat([
  Buffer.from(
    '4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21',
    'hex',
  ),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
]);
