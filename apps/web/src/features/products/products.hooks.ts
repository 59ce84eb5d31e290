import type { CreateProduct, LotSetup, Product, UpdateProduct } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  createLots,
  createProduct,
  deleteProduct,
  lotKeys,
  productKeys,
  updateProduct,
} from './products.api.ts';

/** Reads the products again (after an upload of a product's codes). */
export function useRefreshProducts() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: productKeys.all }), [queryClient]);
}

/** Creates (no product) or updates a product; the form checked the body against the contract. */
export function useSaveProduct(product?: Product) {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (body: CreateProduct | UpdateProduct) =>
      product ? updateProduct(product.id, body) : createProduct(body as CreateProduct),
    onSuccess: refresh,
  });
}

export function useDeleteProduct() {
  const refresh = useRefreshProducts();
  return useMutation({ mutationFn: deleteProduct, onSuccess: refresh });
}

/** New lots (the body checked by the form) move stock to shops: the lots and the products' stock change. */
export function useCreateLots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LotSetup) => createLots(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lotKeys.all });
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
