import type { Country, CreateCountry, UpdateCountry } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const countryKeys = {
  all: ['countries'] as const,
  list: () => [...countryKeys.all, 'list'] as const,
  detail: (code: string) => [...countryKeys.all, 'one', code] as const,
};

export const countriesQuery = () =>
  queryOptions({
    queryKey: countryKeys.list(),
    queryFn: ({ signal }) => api.get<Country[]>('/countries', { signal }),
  });

export const countryQuery = (code: string) =>
  queryOptions({
    queryKey: countryKeys.detail(code),
    queryFn: () => api.get<Country>(`/countries/${code}`),
    staleTime: 30 * 60_000,
  });

export const createCountry = (body: CreateCountry) => api.post<Country>('/countries', body);
export const updateCountry = (code: string, body: UpdateCountry) =>
  api.patch<Country>(`/countries/${code}`, body);
export const deleteCountry = (code: string) => api.delete(`/countries/${code}`);
