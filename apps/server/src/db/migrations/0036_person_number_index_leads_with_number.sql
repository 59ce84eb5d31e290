-- The identity-number index leads with the number (issue #13, decision 033). PostgreSQL's own
-- foreign-key checks find a person by (tenant_id, id); each connection plans that check once, when
-- it first needs it, often while `participants` is nearly empty and has no statistics. With both
-- the primary key and participants_cedula leading with tenant_id, both were estimated at one row
-- and the plan could take participants_cedula, reading the tenant's people one by one to find the
-- id: 14.7 million entries in a 15-second raffle benchmark. Led by the number, the index cannot
-- serve a look-up by tenant alone. It is still the unique (tenant, number) the upsert's
-- `ON CONFLICT (tenant_id, cedula)` names (the conflict target is a set of columns), under the same
-- name (database-constraints.ts names its field).
CREATE UNIQUE INDEX participants_cedula_by_number ON participants (cedula, tenant_id);
DROP INDEX participants_cedula;
ALTER INDEX participants_cedula_by_number RENAME TO participants_cedula;
