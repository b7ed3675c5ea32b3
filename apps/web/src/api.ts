import { type ApiClient, createApiClient } from '@app/api-client';

let client: ApiClient | undefined;

/** The site API client, created on first use (only pages that call the API import this module). */
export function getApi(): ApiClient {
  client ??= createApiClient();
  return client;
}
