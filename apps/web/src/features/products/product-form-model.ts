import { CreateProduct, type Lot, type LotSetup, type Product, UpdateProduct } from '@promo/contract';
import type { Resolver } from 'react-hook-form';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { formatQuantity } from '../../lib/format.ts';

/** What the product form's inputs hold: everything as typed. */
export type ProductFormValues = {
  name: string;
  description: string;
  kind: 'physical' | 'digital';
  redeemWith: 'points' | 'code';
  pricePoints: string;
  stock: string;
  /** One image address per line. */
  images: string;
  active: boolean;
};

export const PRODUCT_FIELDS = [
  'name',
  'description',
  'kind',
  'redeemWith',
  'pricePoints',
  'stock',
  'images',
  'active',
] as const;

export function productFormValues(product?: Product): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    kind: product?.kind ?? 'physical',
    redeemWith: product?.redeemWith ?? 'points',
    pricePoints: product?.pricePoints === null || !product ? '' : String(product.pricePoints),
    stock: product ? String(product.stock) : '',
    images: (product?.images ?? []).join('\n'),
    active: product?.active ?? true,
  };
}

/**
 * A whole number as typed ("1,000", " 25 "): the number; undefined when empty; NaN when it is not
 * one, so that the contract refuses it with the field's own message.
 */
export function parseWhole(value: string): number | undefined {
  const clean = value.trim().replace(/[\s,]/g, '');
  if (!clean) return undefined;
  return /^-?\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The image addresses, one per line, blanks dropped. */
export function imageList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The request body. A 'redeem with code' product has no price. On create the active flag is left
 * to the server (a digital product starts inactive until its codes are uploaded); on edit it is sent.
 */
export function toProductBody(values: ProductFormValues, isEdit: boolean): Record<string, unknown> {
  const description = values.description.trim();
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    redeemWith: values.redeemWith,
    pricePoints: values.redeemWith === 'code' ? null : parseWhole(values.pricePoints),
    stock: parseWhole(values.stock),
    images: imageList(values.images),
  };
  if (isEdit) {
    body.description = description || null;
    body.active = values.active;
  } else {
    body.kind = values.kind;
    if (description) body.description = description;
  }
  return body;
}

/** The contract schema checks the converted body; its errors land on the inputs of the same name. */
export function productResolver(
  isEdit: boolean,
): Resolver<ProductFormValues, unknown, CreateProduct | UpdateProduct> {
  return isEdit
    ? bodyResolver(UpdateProduct, (values: ProductFormValues) => toProductBody(values, true) as UpdateProduct)
    : bodyResolver(
        CreateProduct,
        (values: ProductFormValues) => toProductBody(values, false) as CreateProduct,
      );
}

// --- lots ------------------------------------------------------------------------------------

export type LotShopDraft = { centreId: string | null; amount: string };
export type LotDraft = { reference: string; productId: string | null; shops: LotShopDraft[] };

export const emptyShop = (): LotShopDraft => ({ centreId: null, amount: '' });
export const emptyLot = (): LotDraft => ({ reference: '', productId: null, shops: [emptyShop()] });

/**
 * The lot setup as the contract reads it: a missing product or shop goes as an empty string (the
 * contract answers the spec's 'each lot needs a product' / a shop on that field), amounts as typed.
 */
export function toLotSetup(lots: LotDraft[]): LotSetup {
  return {
    lots: lots.map((lot) => {
      const reference = lot.reference.trim();
      return {
        ...(reference ? { reference } : {}),
        productId: lot.productId ?? '',
        shops: lot.shops.map((shop) => ({
          centreId: shop.centreId ?? '',
          amount: parseWhole(shop.amount) ?? Number.NaN,
        })),
      };
    }),
  } as LotSetup;
}

/** Error messages by path (`lots.0.shops.1.amount`) from a refusal's details; the first per path wins. */
export function errorsByPath(details: readonly { path: string; message?: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details) {
    const path = detail.path || 'lots';
    errors[path] ??= detail.message ?? '';
  }
  return errors;
}

/** Units of a lot, and the shops of a lot as one line ("001 Centro: 5 · 002 Norte: 3"). */
export function lotTotal(lot: Pick<Lot, 'shops'>): number {
  return lot.shops.reduce((sum, shop) => sum + shop.amount, 0);
}
export function lotShopsLine(lot: Pick<Lot, 'shops'>): string {
  return lot.shops
    .map((shop) => `${shop.centreCode} ${shop.centreName}: ${formatQuantity(shop.amount)}`)
    .join(' · ');
}
