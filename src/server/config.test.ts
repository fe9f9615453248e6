import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives every setting its documented default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      APP_URL: 'http://localhost:3000',
      ADMIN_EMAILS: [],
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('derives APP_URL from PORT and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://app.example.com/' }).APP_URL).toBe('https://app.example.com');
  });

  it('parses ADMIN_EMAILS as a lower-cased comma list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' A@x.com, ,b@Y.org ' }).ADMIN_EMAILS).toEqual(['a@x.com', 'b@y.org']);
  });

  it('points the Microsoft endpoints at the tenant, unless they are given', () => {
    expect(loadConfig({})).toMatchObject({
      MICROSOFT_TENANT: 'common',
      MICROSOFT_AUTH_URL: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      MICROSOFT_TOKEN_URL: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    });
    expect(loadConfig({ MICROSOFT_TENANT: 'contoso.onmicrosoft.com' }).MICROSOFT_TOKEN_URL).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
    );
    expect(
      loadConfig({ MICROSOFT_TENANT: 'consumers', MICROSOFT_AUTH_URL: 'http://127.0.0.1:9000/authorize' }),
    ).toMatchObject({
      MICROSOFT_AUTH_URL: 'http://127.0.0.1:9000/authorize',
      MICROSOFT_TOKEN_URL: 'https://login.microsoftonline.com/consumers/oauth2/v2.0/token',
    });
  });

  it('parses DNS_SERVERS (empty: the system’s) and MAIL_DOMAINS_ASSUME_OK as lists', () => {
    expect(loadConfig({}).DNS_SERVERS).toEqual([]);
    expect(loadConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53' }).DNS_SERVERS).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
    ]);
    expect(loadConfig({ MAIL_DOMAINS_ASSUME_OK: ' .Test, example.com,* ' }).MAIL_DOMAINS_ASSUME_OK).toEqual([
      'test',
      'example.com',
      '*',
    ]);
  });

  it.each([
    [{ DNS_SERVERS: 'dns.example.com' }, 'DNS_SERVERS'],
    [{ MAIL_DOMAINS_ASSUME_OK: 'a b' }, 'MAIL_DOMAINS_ASSUME_OK'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ ADMIN_EMAILS: 'not-an-email' }, 'ADMIN_EMAILS'],
    [{ NODE_ENV: 'production' }, 'APP_SECRET'],
    [{ MICROSOFT_TENANT: 'evil.example/x?' }, 'MICROSOFT_TENANT'],
    [{ MICROSOFT_TOKEN_URL: 'not a url' }, 'MICROSOFT_TOKEN_URL'],
  ])('stops on a bad value and names the variable: %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid settings:\\n  ${variable}`));
  });
});
