import type { Page } from '@promo/contract';
import type { TableState } from '../../components/data-table.tsx';

/** A whole list answered by the server, searched, sorted by name and paged here. */
export function localPage<T extends { name: string }>(
  items: T[] | undefined,
  state: TableState,
): Page<T> | undefined {
  if (!items) return undefined;
  const q = state.q.toLocaleLowerCase('es');
  const filtered = q ? items.filter((item) => item.name.toLocaleLowerCase('es').includes(q)) : items;
  const sorted = [...filtered].sort((a, b) => a.name.localeCompare(b.name, 'es'));
  if (state.sort === '-name') sorted.reverse();
  const start = (state.page - 1) * state.pageSize;
  return { items: sorted.slice(start, start + state.pageSize), total: sorted.length, ...state };
}
