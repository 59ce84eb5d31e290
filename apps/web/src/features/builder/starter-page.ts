/**
 * The page the guided path publishes for a new campaign: its title and description, then a form
 * with every field of the campaign's form (the same blocks the palette drops), consent, the send
 * button and, for a reward-code campaign, the reward code. An admin edits it in the builder like
 * any other page.
 */
import type { CampaignKind, Country, FormField } from '@promo/contract';
import { createDocument, createElement, type LandingDocument, type LandingElement } from '@promo/landing';
import { BASE_PALETTE, fieldPalette } from './palette.ts';

function inside(parent: LandingElement, children: LandingElement[]): LandingElement {
  return { ...parent, childrens: children.map((child) => ({ ...child, parentId: parent.attributes.id })) };
}

function paletteItem(key: string): LandingElement {
  const item = BASE_PALETTE.find((candidate) => candidate.key === key);
  if (!item) throw new Error(`palette item ${key}`);
  return item.make();
}

export type StarterCampaign = { title: string; description: string | null; kind: CampaignKind };

export function starterPage(
  campaign: StarterCampaign,
  fields: readonly FormField[],
  country: Country | null,
): LandingDocument {
  const heading = createElement('h1', { text: campaign.title });
  const intro = campaign.description ? [createElement('p', { text: campaign.description })] : [];
  const blocks = fieldPalette({ fields, country }).map((item) => item.make());
  const send = createElement('button', { text: 'Participar', styles: { width: '160px', height: '44px' } });
  const outcome = campaign.kind === 'reward_code' ? [createElement('reward-code')] : [];
  const form = inside(paletteItem('form'), [...blocks, send, ...outcome]);
  return {
    ...createDocument({
      title: campaign.title,
      ...(campaign.description ? { description: campaign.description } : {}),
    }),
    elements: [heading, ...intro, form],
  };
}
