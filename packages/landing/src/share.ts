/**
 * The share buttons element: plain links to each network's share address (no third-party script
 * on the page) and a "copy link" button the public script wires up. Built as escaped HTML.
 */
import { escapeHtml } from './escape.ts';

/** What the buttons share: the page's absolute address and its share title. */
export type ShareTarget = { url: string; title: string };

/**
 * What the share buttons of a campaign's pages say when the page people start on sets no share
 * title of its own: an invitation to take part ("Participe en Gran sorteo").
 */
export function invitationText(campaignTitle: string): string {
  return `Participe en ${campaignTitle}`.slice(0, 200);
}

/** The networks, in the order shown, with the address that opens each one's share dialog. */
export const SHARE_NETWORKS = [
  {
    key: 'whatsapp',
    label: 'WhatsApp',
    href: (t: ShareTarget) =>
      `https://wa.me/?text=${encodeURIComponent(t.title ? `${t.title} ${t.url}` : t.url)}`,
  },
  {
    key: 'facebook',
    label: 'Facebook',
    href: (t: ShareTarget) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(t.url)}`,
  },
  {
    key: 'x',
    label: 'X',
    href: (t: ShareTarget) =>
      `https://x.com/intent/post?url=${encodeURIComponent(t.url)}${t.title ? `&text=${encodeURIComponent(t.title)}` : ''}`,
  },
] as const;

/** The inside of a share buttons element: one link per network, then the copy-link button. */
export function shareLinks(target: ShareTarget): string {
  const links = SHARE_NETWORKS.map(
    (network) =>
      `<a class="lp-share-link" data-network="${network.key}" href="${escapeHtml(network.href(target))}" ` +
      `target="_blank" rel="noopener noreferrer" aria-label="Compartir en ${network.label} (abre una ventana nueva)">` +
      `${network.label}</a>`,
  ).join('');
  return `${links}<button type="button" class="lp-share-link" data-share-copy="${escapeHtml(target.url)}">Copiar enlace</button>`;
}
