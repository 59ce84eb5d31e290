/** A code's state as the downloads write it (the reader's language). */
export const CODE_STATUS_ES = {
  available: 'Disponible',
  assigned: 'Asignado',
  redeemed: 'Canjeado',
  revoked: 'Revocado',
} as const;
