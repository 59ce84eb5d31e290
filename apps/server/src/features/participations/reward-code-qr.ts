import type { ParticipationResponse } from '@promo/contract';
import QRCode from 'qrcode';

/**
 * A reward code as a QR code, drawn on the server as SVG (one path, about 2 KB) so the public
 * page script stays small: the person shows it at the counter and the operator scans the code.
 */
export function rewardCodeQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** The participation answer with the QR code of a reward code added (not stored: drawn per answer). */
export async function withRewardCodeQr(body: ParticipationResponse): Promise<ParticipationResponse> {
  const { outcome } = body;
  if (outcome.kind !== 'reward_code') return body;
  return { ...body, outcome: { ...outcome, qrSvg: await rewardCodeQrSvg(outcome.code) } };
}
