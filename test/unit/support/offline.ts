// A client that can send nothing: the checks it runs before sending are what a test sees.
import { ChatClient, type NameFlavor } from '../../../src/api';
import type { RealmLimits } from '../../../src/api/operation';

export interface OfflineOptions {
  featureLevel?: number;
  flavor?: NameFlavor;
  limits?: RealmLimits;
}

/**
 * A client whose server never answers (nothing listens on the port) but whose version facts and
 * realm limits are set by hand: a `ValidationError` from it proves the input was refused before
 * anything was sent.
 */
export function offlineClient({
  featureLevel = 482,
  flavor = 'chat',
  limits = { maxTopicLength: 60, emptyTopicDisplayName: 'general chat' },
}: OfflineOptions = {}): ChatClient {
  const client = new ChatClient({
    realmUrl: 'http://127.0.0.1:9',
    email: 'nobody@example.com',
    apiKey: 'x',
    maxRetries: 0,
    timeoutMs: 2000,
  });
  client.server = { featureLevel, version: 'test', mergeBase: undefined, flavor };
  client.limits = limits;
  return client;
}
