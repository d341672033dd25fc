/** The one "is there a live session?" check. */
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
