/** Builds the server information panel's model from `GET /server_settings`. No `vscode`. */
import type { ServerSettings } from '../../api/server/models';
import { safeUrl } from '../sanitize';
import type { ServerInfoModel } from './protocol';

/**
 * An image URL the panel may load: absolute, and either https or on the realm's own origin
 * (a local server over plain http). Anything else is dropped rather than loaded.
 */
export function safeImageUrl(raw: string | null | undefined, realmUrl: string): string | undefined {
  if (!raw) return undefined;
  const url = safeUrl(raw, realmUrl);
  if (!url || url.startsWith('mailto:')) return undefined;
  const u = new URL(url);
  return u.protocol === 'https:' || u.origin === new URL(realmUrl).origin ? url : undefined;
}

export function buildServerInfoModel(
  settings: ServerSettings,
  realmUrl: string,
  signedInAs?: string,
  now = new Date(),
): ServerInfoModel {
  const base = settings.realm_url || realmUrl;
  const link = (raw: string | undefined) => {
    const url = raw ? safeUrl(raw, base) : undefined;
    return url && /^https?:/.test(url) ? url : undefined;
  };
  const iconUrl = safeImageUrl(settings.realm_icon, base);
  // Sanitised by the page (page/sanitize.ts), which resolves its relative links against realmUrl.
  const descriptionHtml = settings.realm_description || undefined;
  return {
    realmUrl: base,
    ...(settings.realm_name ? { realmName: settings.realm_name } : {}),
    ...(iconUrl ? { iconUrl } : {}),
    ...(descriptionHtml ? { descriptionHtml } : {}),
    ...(settings.chat_version ? { version: settings.chat_version } : {}),
    featureLevel: settings.chat_feature_level,
    ...(settings.chat_merge_base ? { mergeBase: settings.chat_merge_base } : {}),
    ...(settings.push_notifications_enabled !== undefined
      ? { pushNotifications: settings.push_notifications_enabled }
      : {}),
    ...(settings.realm_web_public_access_enabled !== undefined
      ? { webPublicAccess: settings.realm_web_public_access_enabled }
      : {}),
    ...(settings.email_auth_enabled !== undefined ? { emailAuth: settings.email_auth_enabled } : {}),
    ...(settings.require_email_format_usernames !== undefined
      ? { requireEmailFormatUsernames: settings.require_email_format_usernames }
      : {}),
    incompatible: settings.is_incompatible === true,
    authMethods: Object.entries(settings.authentication_methods ?? {}).map(([name, enabled]) => ({ name, enabled })),
    externalMethods: (settings.external_authentication_methods ?? []).map((m) => {
      const icon = safeImageUrl(m.display_icon, base);
      const loginUrl = link(m.login_url);
      return {
        name: m.name,
        displayName: m.display_name,
        ...(icon ? { iconUrl: icon } : {}),
        ...(loginUrl ? { loginUrl } : {}),
      };
    }),
    ...(signedInAs ? { signedInAs } : {}),
    fetchedAt: now.toISOString(),
  };
}
