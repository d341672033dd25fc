/**
 * The address to show for a user. The API's `email` is only an identifier: when the organisation
 * hides a user's address from the own user it is a made-up `user123@host`, which must not pass for
 * theirs. `delivery_email` is the real address, sent only to those allowed to see it (null or
 * left out otherwise), so it alone is shown; no address is better than a wrong one.
 */
export function visibleEmail(user: { readonly delivery_email?: string | null }): string | undefined {
  const email = user.delivery_email?.trim();
  return email ? email : undefined;
}
