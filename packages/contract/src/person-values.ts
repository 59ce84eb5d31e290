/**
 * A person's values as they are stored and compared, whatever way they were typed: one function
 * each, used by the server, the back office and the public pages' scripts alike. Imported on its
 * own (`@promo/contract/person-values`) by those scripts, so it must stay free of zod and of any
 * other import.
 */

/**
 * An identity number as stored: without the spaces, dots or hyphens it is printed with
 * (" 1-0234-0567 " is 102340567).
 */
export function identityAsStored(raw: string): string {
  return raw.trim().replace(/[\s.-]/g, '');
}

/**
 * An e-mail address as stored and compared: without the spaces around it and in lowercase, so
 * "Ana.Mora@Example.com" is the address of ana.mora@example.com (typed capitals are taken, never
 * refused).
 */
export function emailAsStored(raw: string): string {
  return raw.trim().toLowerCase();
}
