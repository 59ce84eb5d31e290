/** The spec's device classes from a user agent: 1 mobile, 2 tablet, 3 desktop. */
export type DeviceClass = 1 | 2 | 3;

export function deviceClass(userAgent: string | undefined): DeviceClass {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) return 2;
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile|Windows Phone/i.test(ua)) return 1;
  return 3;
}
