import { AppError, fieldError } from '../../platform/errors.ts';
import type { OrderRefusal } from './orders.repository.ts';

/**
 * The catalogue's refusal for each way an order is refused, as the spec names them: one mapping
 * for both ways of paying, whose refusals come from the same SQL functions (`marketplace_refusal`,
 * `product_offer`, `take_product_unit`, `claim_idempotency_key`).
 */
export function orderRefusal(refusal: OrderRefusal): AppError {
  switch (refusal) {
    case 'not_found':
      return new AppError('NOT_FOUND');
    case 'closed':
      return new AppError('MARKETPLACE_CLOSED');
    case 'not_available':
      return new AppError('PRODUCT_NOT_AVAILABLE', [{ path: 'productId', code: 'PRODUCT_NOT_AVAILABLE' }]);
    case 'needs_code':
      return new AppError('PRODUCT_NEEDS_CODE', [{ path: 'code', code: 'PRODUCT_NEEDS_CODE' }]);
    case 'shop_required':
      return fieldError('centreId', 'SHOP_REQUIRED');
    case 'out_of_stock':
      return new AppError('OUT_OF_STOCK');
    case 'shop_out_of_stock':
      return new AppError('OUT_OF_STOCK', [{ path: 'centreId', code: 'OUT_OF_STOCK' }]);
    case 'shop_invalid':
      return fieldError('centreId', 'FIELD_INVALID');
    case 'key_reused':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    case 'insufficient':
      return new AppError('POINTS_INSUFFICIENT', [{ path: 'amount', code: 'POINTS_INSUFFICIENT' }]);
  }
}
