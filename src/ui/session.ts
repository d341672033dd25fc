/** The one "is there a live session?" check, and the one "is there an account?" check. */
import type { Account } from '../auth/accounts';
import type { Services } from '../services';
import type { CurrentSession } from '../session/manager';
import { SignInRequiredError, stillConnecting, UserFacingError } from './errorMessage';

/**
 * The live session; else throws the refusal the command kit shows: "Sign in to Team Chat first."
 * (with a "Sign In" button), or, while the active account connects, "still connecting".
 */
export function requireSession(services: Pick<Services, 'sessions' | 'accounts'>): CurrentSession {
  const current = services.sessions.current;
  if (current) return current;
  if (services.accounts.active) throw new UserFacingError(stillConnecting());
  throw new SignInRequiredError();
}

/**
 * `account` when given, else the active account (signed in, live session or not); else throws the
 * kit's refusal "Sign in to Team Chat first." (with a "Sign In" button). For work that needs an
 * account's key only, not a live session.
 */
export function requireAccount(
  services: Pick<Services, 'accounts'>,
  account: Account | undefined = services.accounts.active,
): Account {
  if (account) return account;
  throw new SignInRequiredError();
}
