import { CreateProduct, LotSetup, type Product, UpdateProduct } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { checkedBody } from '../../lib/checked-body.ts';
import { type LotDraft, type ProductFormValues, toLotSetup, toProductBody } from './product-form-model.ts';
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

/** Creates (no product) or updates a product from the form's values, checked against the contract. */
export function useSaveProduct(product?: Product) {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (values: ProductFormValues) => {
      const body = toProductBody(values, Boolean(product));
      return product
        ? updateProduct(product.id, checkedBody(UpdateProduct, body))
        : createProduct(checkedBody(CreateProduct, body));
    },
    onSuccess: refresh,
  });
}

export function useDeleteProduct() {
  const refresh = useRefreshProducts();
  return useMutation({ mutationFn: deleteProduct, onSuccess: refresh });
}

/** New lots move stock to shops: the lots and the products' stock change. */
export function useCreateLots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lots: LotDraft[]) => createLots(checkedBody(LotSetup, toLotSetup(lots))),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lotKeys.all });
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
