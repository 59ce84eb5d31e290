/**
 * A fresh Idempotency-Key: 128 random bits as hex. `crypto.getRandomValues` works outside secure
 * contexts too (a back office reached over plain http on a LAN), where `randomUUID` does not.
 */
export function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
