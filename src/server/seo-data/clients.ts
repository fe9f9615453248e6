import type { DataProviderCredentials } from '../../shared/schemas/data-providers';
import type { Config } from '../config';
import { AHREFS_URL, ahrefsProvider } from './ahrefs';
import { DATAFORSEO_API_URL, dataForSeoDataProvider } from './dataforseo';
import type { DataProvider } from './data-provider';
import { MOZ_URL, mozProvider } from './moz';
import { SEMRUSH_API_URL, SEMRUSH_WWW_URL, semrushProvider } from './semrush';

/** Where each provider's API is: its documented host, or the tests' local server. */
export interface ProviderUrls {
  ahrefs: string;
  moz: string;
  dataforseo: string;
  semrushApi: string;
  semrushWww: string;
}

/**
 * The providers' hosts: always their documented ones, except in tests (NODE_ENV=test with
 * SEO_DATA_TEST_URL), where one local server speaks every provider's protocol. Users and installs
 * cannot point a provider elsewhere, so no user-given address is ever requested.
 */
export function providerUrls(config: Pick<Config, 'NODE_ENV' | 'SEO_DATA_TEST_URL'>): ProviderUrls {
  const local = config.NODE_ENV === 'test' ? config.SEO_DATA_TEST_URL : undefined;
  return {
    ahrefs: local ?? AHREFS_URL,
    moz: local ?? MOZ_URL,
    dataforseo: local ?? DATAFORSEO_API_URL,
    semrushApi: local ?? SEMRUSH_API_URL,
    semrushWww: local ?? SEMRUSH_WWW_URL,
  };
}

/** The client of a connected provider, made from its decrypted credentials. */
export function dataProviderFor(credentials: DataProviderCredentials, urls: ProviderUrls): DataProvider {
  switch (credentials.provider) {
    case 'ahrefs':
      return ahrefsProvider(credentials.apiKey, urls.ahrefs);
    case 'moz':
      return mozProvider(credentials.login, credentials.password, urls.moz);
    case 'dataforseo':
      return dataForSeoDataProvider(credentials.login, credentials.password, urls.dataforseo);
    case 'semrush':
      return semrushProvider(credentials.apiKey, { api: urls.semrushApi, www: urls.semrushWww });
  }
}
