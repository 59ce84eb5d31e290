import { Country, CountryParams, CreateCountry, UpdateCountry } from '@promo/contract';
import { z } from 'zod';
import { ANY_ROLE } from '../../platform/auth/guard.ts';
import type { FeatureDeps } from '../types.ts';
import {
  createCountry,
  deleteCountry,
  getCountry,
  listCountries,
  updateCountry,
} from './countries.service.ts';

const PLATFORM = ['SUPERADMIN'] as const;
const tags = ['countries'];

export function registerCountriesRoutes({ app, ctxOf, limits }: FeatureDeps): void {
  app.get(
    '/api/countries',
    {
      config: { access: ANY_ROLE },
      schema: { tags, summary: 'Countries with departments', response: { 200: z.array(Country) } },
    },
    async (request) => listCountries(ctxOf(request)),
  );
  app.get(
    '/api/countries/:code',
    {
      config: { access: ANY_ROLE },
      schema: { tags, summary: 'A country', params: CountryParams, response: { 200: Country } },
    },
    async (request) => getCountry(ctxOf(request), request.params.code),
  );
  app.get(
    '/api/public/countries/:code',
    {
      config: { access: 'public', rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'A country for public forms (departments, phone and identity rules)',
        params: CountryParams,
        response: { 200: Country },
      },
    },
    async (request) => getCountry(ctxOf(request), request.params.code),
  );
  app.post(
    '/api/countries',
    {
      config: { access: PLATFORM },
      schema: { tags, summary: 'Create a country', body: CreateCountry, response: { 201: Country } },
    },
    async (request, reply) => reply.status(201).send(await createCountry(ctxOf(request), request.body)),
  );
  app.patch(
    '/api/countries/:code',
    {
      config: { access: PLATFORM },
      schema: {
        tags,
        summary: 'Update a country',
        params: CountryParams,
        body: UpdateCountry,
        response: { 200: Country },
      },
    },
    async (request) => updateCountry(ctxOf(request), request.params.code, request.body),
  );
  app.delete(
    '/api/countries/:code',
    {
      config: { access: PLATFORM },
      schema: {
        tags,
        summary: 'Delete an unused country',
        params: CountryParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCountry(ctxOf(request), request.params.code);
      return reply.status(204).send(null);
    },
  );
}
