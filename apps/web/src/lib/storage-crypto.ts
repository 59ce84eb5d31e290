/**
 * Encryption of what the back-office keeps in browser storage (decision 017): AES-GCM (256 bit,
 * a fresh 12-byte IV per value) under a key derived with HKDF-SHA-256 from the deployment's
 * storage key, which the server puts into the page (`<meta name="storage-key">`). A stored value
 * reads `enc1.<iv>.<ciphertext>`, both base64url.
 */

const PREFIX = 'enc1.';
const SALT = 'promo-web-storage';
const INFO = 'aes-gcm-256 v1';
/** Only when the page carries no key (the Vite dev server): values are still not plain text. */
const DEVELOPMENT_KEY = 'development-only-storage-key';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The deployment's storage key from the page, or the development stand-in. */
export function storageKeyOfPage(): string {
  const key = document.querySelector<HTMLMetaElement>('meta[name="storage-key"]')?.content;
  if (key) return key;
  console.warn('storage-key missing from the page: browser storage uses the development key');
  return DEVELOPMENT_KEY;
}

export async function deriveStorageKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(SALT), info: encoder.encode(INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function encryptValue(key: CryptoKey, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(plain));
  return `${PREFIX}${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The plain value, or null for anything not sealed under this key (plain text, another key, damage). */
export async function decryptValue(key: CryptoKey, stored: string): Promise<string | null> {
  if (!stored.startsWith(PREFIX)) return null;
  const [iv, sealed] = stored.slice(PREFIX.length).split('.');
  if (!iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(iv) },
      key,
      fromBase64Url(sealed),
    );
    return decoder.decode(plain);
  } catch {
    return null;
  }
}
