/**
 * `?connect`: the address that makes the page follow a served simulation (`loopscope serve`). `?connect` alone is
 * the page's own origin (the page `serve` serves itself); `?connect=http://127.0.0.1:16443` names one. A link is
 * data from whoever wrote it, so only an address on this machine (loopback) or the page's own origin is attached to
 * at once; any other is put in the Attach dialog for the person to confirm.
 */
export interface ConnectTarget {
  /** The address as given (or the page's origin). */
  address: string;
  /** Attach only when the person confirms (not loopback, not this page's origin). */
  confirm: boolean;
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])$/;

/** The address `search` asks to attach to, or null when it asks for none. */
export function connectTarget(search: string, origin: string): ConnectTarget | null {
  const params = new URLSearchParams(search);
  if (!params.has('connect')) return null;
  const given = (params.get('connect') ?? '').trim().slice(0, 2048);
  const address = given === '' ? origin : given;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { address, confirm: true };
  }
  const safe = (url.protocol === 'http:' || url.protocol === 'https:') && (url.origin === origin || LOOPBACK_HOST.test(url.hostname));
  return { address, confirm: !safe };
}
