import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const base = {
  JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-0123456789',
  STORAGE_ENCRYPTION_KEY: 'a-storage-key-that-is-long-enough-0123456789',
};

describe('configuration of e-mail and the daily points expiry', () => {
  it('sends e-mail only with SMTP_URL and SMTP_FROM, and requires the sender with the server', () => {
    expect(readConfig(base).smtp).toBeNull();
    expect(
      readConfig({
        ...base,
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        SMTP_FROM: 'no-responder@example.com',
      }).smtp,
    ).toEqual({ url: 'smtps://u:p@mail.example.com:465', from: 'no-responder@example.com' });
    expect(() => readConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/SMTP_FROM/);
    expect(() => readConfig({ ...base, SMTP_URL: 'http://mail', SMTP_FROM: 'x@y.z' })).toThrow(/SMTP_URL/);
  });

  it('runs the points expiry daily at 03:00 unless told another time or off', () => {
    expect(readConfig(base).pointsExpiryMinute).toBe(180);
    expect(readConfig({ ...base, POINTS_EXPIRY_TIME: '23:45' }).pointsExpiryMinute).toBe(23 * 60 + 45);
    expect(readConfig({ ...base, POINTS_EXPIRY_TIME: 'off' }).pointsExpiryMinute).toBeNull();
    expect(() => readConfig({ ...base, POINTS_EXPIRY_TIME: '24:00' })).toThrow(/POINTS_EXPIRY_TIME/);
  });
});

describe('configuration of the metrics server', () => {
  it('serves the metrics on 127.0.0.1:9464 unless told another port, another address or off', () => {
    expect(readConfig(base).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(readConfig({ ...base, METRICS_PORT: '9100', METRICS_HOST: '10.0.0.7' }).metrics).toEqual({
      port: 9100,
      host: '10.0.0.7',
    });
    expect(readConfig({ ...base, METRICS_PORT: '0' }).metrics).toEqual({ port: 0, host: '127.0.0.1' });
    expect(readConfig({ ...base, METRICS_PORT: 'off' }).metrics).toBeNull();
    for (const wrong of ['70000', 'no', '-1', ''])
      expect(() => readConfig({ ...base, METRICS_PORT: wrong }), wrong).toThrow(/METRICS_PORT/);
  });
});

describe('configuration of shutdown and start', () => {
  it('drains 10 s after SIGTERM and waits a minute for the database at start, unless told', () => {
    expect(readConfig(base).shutdownDrainMs).toBe(10_000);
    expect(readConfig({ ...base, SHUTDOWN_DRAIN_MS: '2000' }).shutdownDrainMs).toBe(2000);
    expect(readConfig({ ...base, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(() => readConfig({ ...base, SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(readConfig(base).databaseWaitMs).toBe(60_000);
    expect(readConfig({ ...base, DATABASE_WAIT_MS: '5000' }).databaseWaitMs).toBe(5000);
    expect(() => readConfig({ ...base, DATABASE_WAIT_MS: 'soon' })).toThrow(/DATABASE_WAIT_MS/);
  });
});

describe('configuration of the storage encryption key (decision 017)', () => {
  it('is generated into the data directory when unset, and the same one is read on the next start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'promo-config-'));
    const env = { JWT_SECRET: base.JWT_SECRET, DATA_DIR: dataDir };
    const first = readConfig(env).storageKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'storage-key'), 'utf8')).toBe(first);
    expect(statSync(join(dataDir, 'storage-key')).mode & 0o777).toBe(0o600);
    expect(readConfig(env).storageKey).toBe(first);
    expect(first).not.toBe(readConfig(env).jwtSecret);
  });

  it('is taken from STORAGE_ENCRYPTION_KEY when set, and refused when shorter than 32 characters', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'promo-config-'));
    const key = 'deployment-storage-key-0123456789-abcdef';
    expect(readConfig({ ...base, DATA_DIR: dataDir, STORAGE_ENCRYPTION_KEY: key }).storageKey).toBe(key);
    expect(() => readConfig({ ...base, DATA_DIR: dataDir, STORAGE_ENCRYPTION_KEY: 'short' })).toThrow(
      /STORAGE_ENCRYPTION_KEY/,
    );
  });
});

describe('configuration of a cluster', () => {
  it('reads lagging reports from a replica only when given one, within 1 s of lag unless told', () => {
    expect(readConfig(base).databaseReplicaUrl).toBeUndefined();
    expect(readConfig(base).replicaMaxLagMs).toBe(1000);
    const replica = 'postgres://app@pgbouncer:6432/promo_replica';
    expect(readConfig({ ...base, DATABASE_REPLICA_URL: replica }).databaseReplicaUrl).toBe(replica);
    expect(readConfig({ ...base, DATABASE_REPLICA_MAX_LAG_MS: '250' }).replicaMaxLagMs).toBe(250);
    expect(() => readConfig({ ...base, DATABASE_REPLICA_MAX_LAG_MS: 'late' })).toThrow(
      /DATABASE_REPLICA_MAX_LAG_MS/,
    );
  });

  it('listens for cache changes on DATABASE_DIRECT_URL, else on DATABASE_URL', () => {
    const pooled = 'postgres://app@pgbouncer:6432/promo';
    const direct = 'postgres://app@primary:5432/promo';
    expect(readConfig({ ...base, DATABASE_URL: pooled }).databaseDirectUrl).toBe(pooled);
    expect(readConfig({ ...base, DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct }).databaseDirectUrl).toBe(
      direct,
    );
    expect(readConfig(base).databaseDirectUrl).toBeUndefined();
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY lists, and refuses TRUST_PROXY=true', () => {
    expect(readConfig(base).trustProxy).toEqual([]);
    expect(readConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(readConfig({ ...base, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(readConfig({ ...base, TRUST_PROXY: ' 10.0.0.5, 10.0.1.0/24 ,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'fd00::/8',
    ]);
    expect(() => readConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true .*List the addresses of the proxies/,
    );
    for (const wrong of ['loopback', '10.0.0.0/33', '10.0.0', '127.0.0.1,', 'fd00::/129', '10.0.0.0/8/8'])
      expect(() => readConfig({ ...base, TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: not an address/);
  });
});
