import type { Role } from '@promo/contract';

/** Analysts see people's contact data masked; admins see it whole. */
export function shouldMask(role: Role): boolean {
  return role === 'ANALYST';
}

function keepLast(value: string, visible: number): string {
  return value.length <= visible
    ? '•'.repeat(value.length)
    : `${'•'.repeat(value.length - visible)}${value.slice(-visible)}`;
}

export function maskIdentity(value: string | null): string | null {
  return value === null ? null : keepLast(value, 3);
}

export function maskPhone(value: string | null): string | null {
  return value === null ? null : keepLast(value, 2);
}

export function maskEmail(value: string | null): string | null {
  if (value === null) return null;
  const [user = '', domain = ''] = value.split('@');
  return `${user.slice(0, 1)}•••@${domain}`;
}
