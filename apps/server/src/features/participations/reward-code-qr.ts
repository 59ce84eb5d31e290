import type { ParticipationResponse } from '@promo/contract';
import QRCode from 'qrcode';

const ALPHANUMERIC = /^[0-9A-Z]+$/;

/**
 * A reward code as a QR code, drawn on the server as SVG (one path, about 2 KB) so the public
 * page script stays small: the person shows it at the counter and the operator scans the code.
 */
export function rewardCodeQrSvg(code: string): Promise<string> {
  // a code of digits and capitals is one alphanumeric segment: the same version, the mask still
  // chosen by the standard's penalty rules, without the library's search for the shortest mix of
  // modes (about a third of the drawing's time, bench/README.md session 14)
  const data = ALPHANUMERIC.test(code) ? [{ data: code, mode: 'alphanumeric' as const }] : code;
  return QRCode.toString(data, {
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
