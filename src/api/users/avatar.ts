import { createHash } from 'node:crypto';
import type { User } from './models';

/**
 * A user's avatar URL. With `client_gravatar` the server sends `avatar_url: null` for users whose
 * avatar is their Gravatar, and the client builds the URL from the email's MD5 hash, as the
 * server would have (`?d=identicon&version=N`).
 */
export function avatarUrl(
  user: Pick<User, 'avatar_url' | 'email' | 'delivery_email' | 'avatar_version'>,
): string | undefined {
  if (typeof user.avatar_url === 'string') return user.avatar_url;
  if (user.avatar_url !== null) return undefined; // left out altogether: none known
  const email = (user.delivery_email || user.email).trim().toLowerCase();
  const hash = createHash('md5').update(email).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=${user.avatar_version ?? 1}`;
}
