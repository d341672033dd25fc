// Role and bot type codes, apart from the models (zod schemas): the People view names roles at start-up.

/** Role codes of docs/API.md's User. */
export const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export type RoleName = keyof typeof ROLE | 'unknown';

/**
 * The name of a role code. The code itself is kept as a number in `User.role` so that a role
 * added by a newer server still compares and sorts; it names as `'unknown'`.
 */
export function roleName(role: number): RoleName {
  for (const [name, code] of Object.entries(ROLE)) if (code === role) return name as RoleName;
  return 'unknown';
}

/** Bot type codes (`bot_type`). */
export const BOT_TYPE = { generic: 1, incomingWebhook: 2, outgoingWebhook: 3, embedded: 4 } as const;
export type BotTypeName = keyof typeof BOT_TYPE | 'unknown';

/** The name of a bot type code; null for users that are not bots. */
export function botTypeName(botType: number | null | undefined): BotTypeName | null {
  if (botType === null || botType === undefined) return null;
  for (const [name, code] of Object.entries(BOT_TYPE)) if (code === botType) return name as BotTypeName;
  return 'unknown';
}
