-- Images a tenant uploads for its landing pages and products: re-encoded on upload (WebP, at most
-- 2000 px a side, no metadata) and kept in the database so both drivers and every server see them.
CREATE TABLE images (
  tenant_id    uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/webp')),
  width        integer NOT NULL CHECK (width > 0),
  height       integer NOT NULL CHECK (height > 0),
  byte_size    integer NOT NULL CHECK (byte_size > 0),
  sha256       char(64) NOT NULL,
  data         bytea NOT NULL,
  created_by   uuid,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX images_recent ON images (tenant_id, created_at DESC, id);

ALTER TABLE images ENABLE ROW LEVEL SECURITY;
ALTER TABLE images FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON images
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
