import type { ChatClient } from '../../api';
import type { Account } from '../../auth/accounts';
import type { Services } from '../../services';
import { requireAccount } from '../../ui/session';

/**
 * Runs `work` with a client for the account (the active one by default; closed afterwards).
 * Needs the account's key only, not a live session; without an account, the kit's "sign in first".
 */
export async function withActiveClient<T>(
  services: Services,
  work: (client: ChatClient, account: Account) => Promise<T>,
  account?: Account,
): Promise<T> {
  account = requireAccount(services, account);
  const client = await services.accounts.getClient(account);
  try {
    return await work(client, account);
  } finally {
    await client.close();
  }
}
