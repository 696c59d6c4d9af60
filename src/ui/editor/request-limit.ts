/**
 * The api-server refuses a request body over 3 MiB (`MaxRequestBodyBytes`, k8s.io/apiserver `server/config.go`:
 * 3 * 1024 * 1024) with 413 RequestEntityTooLarge, which kubectl prints as below. The editor refuses such text at the
 * door, at once: a paste over the limit is not inserted (Monaco would spend seconds on it and the api-server would
 * refuse it anyway), and an Apply over it is not sent.
 */
export const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

/** kubectl's line for the api-server's 413. */
export const TOO_LARGE_MESSAGE = `Error from server (RequestEntityTooLarge): Request entity too large: limit is ${MAX_REQUEST_BYTES}`;

/** UTF-8 size of a string, without encoding it (a 50 MB string is not copied). */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
    if (n > MAX_REQUEST_BYTES * 32) return n; // far over: the exact size does not matter
  }
  return n;
}

/** Whether a text may be sent, and what to say when it may not. */
export function overRequestLimit(text: string): string | null {
  if (text.length <= MAX_REQUEST_BYTES / 3) return null; // at most 3 bytes per UTF-16 unit: surely under
  const bytes = utf8Bytes(text);
  if (bytes <= MAX_REQUEST_BYTES) return null;
  const mib = (bytes / 1024 / 1024).toFixed(1);
  return `${TOO_LARGE_MESSAGE}\n(the text is ${bytes > MAX_REQUEST_BYTES * 32 ? 'over 96' : mib} MiB; nothing was sent)`;
}
