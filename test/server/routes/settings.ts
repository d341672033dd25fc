import { badRequest } from '../errors';
import { isObject, ParamSpec, ParamSpecs } from '../params';
import { Ctx, Route } from '../router';
import { avatarUrl } from '../serialize';
import { User } from '../types';

const bool: ParamSpec = { t: 'bool' };
const int: ParamSpec = { t: 'int' };
const str: ParamSpec = { t: 'str' };
const among = (...values: unknown[]): ParamSpec => ({
  t: typeof values[0] === 'number' ? 'int' : 'str',
  check: (v) => (values.includes(v) ? null : `Invalid $`),
});
/** `spec` for a setting the server learnt at feature level `level` (below it: ignored_parameters_unsupported). */
const since = (level: number, spec: ParamSpec): ParamSpec => ({ ...spec, since: level });

/**
 * Per-setting decoding and allowed values (SPEC endpoint 2); feature-level variants of values are
 * checked in code. docs/API.md names the level of `target_users` (444) only; the `since` levels of the
 * newer settings below are approximations (the real server's changelog is not in the SPEC), chosen
 * so that older test servers lack them in a plausible order.
 */
const SETTINGS: ParamSpecs = {
  twenty_four_hour_time: bool,
  web_mark_read_on_scroll_policy: among(1, 2, 3),
  // Its values 4 (383) and 3 (401) are checked in checkLevelDependent.
  web_channel_default_view: since(250, int),
  starred_message_counts: bool,
  receives_typing_notifications: bool,
  web_suggest_update_timezone: since(200, bool),
  fluid_layout_width: bool,
  high_contrast_mode: bool,
  web_font_size_px: { t: 'int', check: (v) => ((v as number) >= 12 && (v as number) <= 24 ? null : 'Invalid $') },
  web_line_height_percent: {
    t: 'int',
    check: (v) => ((v as number) >= 122 && (v as number) <= 158 ? null : 'Invalid $'),
  },
  color_scheme: among(1, 2, 3),
  enable_drafts_synchronization: bool,
  translate_emoticons: bool,
  display_emoji_reaction_users: bool,
  default_language: among('en', 'de', 'fr', 'es', 'it', 'ja', 'pt', 'ru', 'zh-hans', 'nl', 'pl'),
  web_home_view: str,
  web_escape_navigates_to_home_view: bool,
  left_side_userlist: bool,
  emojiset: among('text', 'set_a', 'set_b'),
  demote_inactive_streams: among(1, 2, 3),
  user_list_style: among(1, 2, 3),
  web_animate_image_previews: since(275, among('always', 'on_hover', 'never')),
  web_stream_unreads_count_display_policy: since(210, among(1, 2, 3)),
  hide_ai_features: since(350, bool),
  web_inbox_show_channel_folders: since(431, bool),
  web_left_sidebar_show_channel_folders: since(411, bool),
  web_left_sidebar_unreads_count_summary: since(398, bool),
  timezone: str,
  enable_stream_desktop_notifications: bool,
  enable_stream_email_notifications: bool,
  enable_stream_push_notifications: bool,
  enable_stream_audible_notifications: bool,
  notification_sound: among('none', 'zulip', 'ding', 'chime', 'chirp', 'ping', 'ring'),
  enable_desktop_notifications: bool,
  enable_sounds: bool,
  email_notifications_batching_period_seconds: {
    t: 'int',
    check: (v) => ((v as number) >= 60 && (v as number) <= 7 * 86400 ? null : 'Invalid $'),
  },
  enable_offline_email_notifications: bool,
  enable_offline_push_notifications: bool,
  enable_online_push_notifications: bool,
  wildcard_mentions_notify: bool,
  enter_sends: bool,
  presence_enabled: bool,
  send_private_typing_notifications: bool,
  send_stream_typing_notifications: bool,
  send_read_receipts: bool,
  email_address_visibility: among(1, 2, 3, 4, 5),
};

/** The feature level that introduced a user setting (0: known to every supported server). */
export function settingSince(name: string): number {
  return SETTINGS[name]?.since ?? 0;
}

const ACCOUNT: ParamSpecs = {
  full_name: str,
  email: str,
  old_password: str,
  new_password: str,
  target_users: { t: 'json', check: isObject, since: 444 },
};

function checkLevelDependent(ctx: Ctx, name: string, value: unknown): void {
  const fl = ctx.srv.fl;
  if (name === 'web_channel_default_view') {
    const allowed = [1, 2, ...(fl >= 383 ? [4] : []), ...(fl >= 401 ? [3] : [])];
    if (!allowed.includes(value as number))
      throw badRequest('Invalid web_channel_default_view', 'REQUEST_VARIABLE_INVALID', { var_name: name });
  }
  if (name === 'web_home_view') {
    const allowed = [fl >= 454 ? 'recent' : 'recent_topics', 'inbox', 'all_messages'];
    if (!allowed.includes(value as string))
      throw badRequest('Invalid web_home_view', 'REQUEST_VARIABLE_INVALID', { var_name: name });
  }
  if (name === 'timezone' && value !== '' && !isTimezone(value as string))
    throw badRequest(`${value} is not a recognized time zone`);
}

function isTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function targetUsers(ctx: Ctx, spec: Record<string, unknown>): User[] {
  const { srv } = ctx;
  const ids = new Set<number>();
  const bad = (what: string) =>
    badRequest(`Invalid target_users: ${what}`, 'REQUEST_VARIABLE_INVALID', { var_name: 'target_users' });
  for (const k of Object.keys(spec))
    if (!['user_ids', 'group_ids', 'skip_if_already_edited'].includes(k)) throw bad(`unknown key ${k}`);
  if (spec.user_ids !== undefined) {
    if (!Array.isArray(spec.user_ids) || !spec.user_ids.every(Number.isInteger)) throw bad('user_ids');
    for (const id of spec.user_ids as number[]) {
      const u = srv.state.users.get(id);
      if (!u || !u.isActive || u.isSystemBot) throw badRequest(`Invalid user ID: ${id}`);
      ids.add(id);
    }
  }
  if (spec.group_ids !== undefined) {
    if (!Array.isArray(spec.group_ids) || !spec.group_ids.every(Number.isInteger)) throw bad('group_ids');
    for (const gid of spec.group_ids as number[]) {
      if (gid < 11 || gid > 17) throw badRequest('Invalid user group');
      for (const u of srv.state.users.values()) if (!u.isBot && srv.state.inGroup(u, gid)) ids.add(u.id);
    }
  }
  if (spec.skip_if_already_edited !== undefined && typeof spec.skip_if_already_edited !== 'boolean')
    throw bad('skip_if_already_edited');
  return [...ids].map((id) => srv.user(id));
}

/** `PATCH /settings` (and the deprecated `/settings/display`, `/settings/notifications`). */
function patchSettings(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const changes = Object.keys(SETTINGS).filter((k) => p[k] !== undefined);
  for (const k of changes) checkLevelDependent(ctx, k, p[k]);
  const result: Record<string, unknown> = {};
  if (p.target_users !== undefined) {
    if (!srv.state.isAdmin(user)) throw badRequest('Must be an organization administrator');
    if (['full_name', 'email', 'old_password', 'new_password'].some((k) => p[k] !== undefined)) {
      throw badRequest('Account settings cannot be changed for other users');
    }
    const skip = (p.target_users as Record<string, unknown>).skip_if_already_edited === true;
    for (const target of targetUsers(ctx, p.target_users)) {
      for (const k of changes) {
        if (skip && target.editedSettings.has(k)) continue;
        applySetting(ctx, target, k, p[k]);
      }
    }
    return result;
  }
  if (p.new_password !== undefined) {
    if (p.old_password === undefined || p.old_password === '')
      throw badRequest("Missing 'old_password' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'old_password' });
    if (p.old_password !== user.password) throw badRequest('Wrong password!');
    if (p.new_password.length < 6) throw badRequest('The password is too weak.');
    user.password = p.new_password;
  }
  if (p.full_name !== undefined) {
    const name = p.full_name.trim();
    if (name === '') throw badRequest('Name too short!');
    if (name.length > 100) throw badRequest('Name too long!');
    if (/[<>"@*]/.test(name)) throw badRequest('Invalid characters in name!');
    if (name !== user.fullName) {
      user.fullName = name;
      srv.state.usersVersion++;
      srv.queues.send(srv.activeUserIds(), 'realm_user', {
        type: 'realm_user',
        op: 'update',
        person: { user_id: user.id, full_name: name },
      });
    }
    result.full_name = name;
  }
  if (p.email !== undefined) {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(p.email)) throw badRequest('Invalid address.');
    if (srv.state.usersByEmail.has(p.email.toLowerCase())) throw badRequest('Email is already in use.');
    result.account_email = 'Check your email for a confirmation link. ';
  }
  for (const k of changes) {
    user.editedSettings.add(k);
    applySetting(ctx, user, k, p[k]);
  }
  return result;
}

function applySetting(ctx: Ctx, target: User, name: string, value: unknown): void {
  const { srv } = ctx;
  target.settings[name] = value;
  srv.state.subsVersion++;
  if (name === 'email_address_visibility') {
    const old = target.emailVisibility;
    const viewers = [...srv.state.users.values()].filter((u) => u.isActive);
    const before = new Map(viewers.map((v) => [v.id, srv.state.canSeeRealEmail(v, target)]));
    target.emailVisibility = value as number;
    srv.state.usersVersion++;
    // As the real server (send_delivery_email_update_events): only those whose access changed hear
    // of it, the real address to who may now see it, null to who no longer may.
    for (const viewer of viewers) {
      const now = srv.state.canSeeRealEmail(viewer, target);
      if (now === before.get(viewer.id)) continue;
      srv.queues.send([viewer.id], 'realm_user', {
        type: 'realm_user',
        op: 'update',
        person: { user_id: target.id, delivery_email: now ? target.deliveryEmail : null },
      });
    }
    // The API email is the real one only with "everyone": to or from it, everyone gets the new
    // one (`new_email`) and the avatar URL (built from it for a Gravatar), as the real server.
    if (old === 1 || value === 1) {
      const ids = viewers.map((v) => v.id);
      srv.queues.send(ids, 'realm_user', {
        type: 'realm_user',
        op: 'update',
        person: { user_id: target.id, new_email: srv.state.apiEmail(target) },
      });
      const url = avatarUrl(srv, null, target, false)!;
      srv.queues.send(ids, 'realm_user', {
        type: 'realm_user',
        op: 'update',
        person: {
          avatar_source: 'G',
          avatar_url: url,
          avatar_url_medium: `${url}&s=500`,
          avatar_version: target.avatarVersion,
          user_id: target.id,
        },
      });
    }
  }
  if (name === 'enable_drafts_synchronization' && value === false) {
    // As the real server: the drafts stored there are deleted, and no event tells the clients.
    for (const [id, d] of srv.state.drafts) if (d.userId === target.id) srv.state.drafts.delete(id);
  }
  if (name === 'timezone') {
    target.timezone = value as string;
    srv.queues.send(srv.activeUserIds(), 'realm_user', {
      type: 'realm_user',
      op: 'update',
      person: { user_id: target.id, timezone: value },
    });
  }
  srv.queues.send([target.id], 'user_settings', { type: 'user_settings', op: 'update', property: name, value });
}

const params: ParamSpecs = { ...ACCOUNT, ...SETTINGS };

export const settingsRoutes: Route[] = [
  { method: 'PATCH', path: '/settings', handler: patchSettings, params },
  { method: 'PATCH', path: '/settings/display', handler: patchSettings, params },
  { method: 'PATCH', path: '/settings/notifications', handler: patchSettings, params },
];
