import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { pure } from '../parse';
import { lenientEnum } from '../enum';

/**
 * The personal settings of `PATCH /settings` (docs/API.md operation 2): the parameter schema with
 * each setting's allowed values, and a machine-readable description table for a settings editor.
 */

type Value = string | number;
/** Labels are functions: the table is built at import, before the translations are configured. */
type Choices = readonly (readonly [Value, () => string])[];

/** Allowed values of the enumerated settings, with their meanings (docs/API.md). */
export const SETTING_CHOICES = {
  web_mark_read_on_scroll_policy: [
    [1, () => l10n.t('Always')],
    [2, () => l10n.t('Only in conversation views')],
    [3, () => l10n.t('Never')],
  ],
  // docs/API.md gives four meanings but states the constraint "one of 1, 2, 4".
  web_channel_default_view: [
    [1, () => l10n.t('Top topic in the channel')],
    [2, () => l10n.t('Channel feed')],
    [4, () => l10n.t('Top unread topic in the channel')],
  ],
  color_scheme: [
    [1, () => l10n.t('Automatic')],
    [2, () => l10n.t('Dark')],
    [3, () => l10n.t('Light')],
  ],
  web_home_view: [
    ['recent', () => l10n.t('Recent conversations')],
    ['inbox', () => l10n.t('Inbox')],
    ['all_messages', () => l10n.t('All messages')],
  ],
  emojiset: [
    ['text', () => l10n.t('Plain text')],
    ['set_a', () => l10n.t('Modern style')],
    ['set_b', () => l10n.t('Social-network style')],
  ],
  demote_inactive_streams: [
    [1, () => l10n.t('Automatic')],
    [2, () => l10n.t('Always')],
    [3, () => l10n.t('Never')],
  ],
  user_list_style: [
    [1, () => l10n.t('Compact')],
    [2, () => l10n.t('With status')],
    [3, () => l10n.t('With avatar and status')],
  ],
  web_animate_image_previews: [
    ['always', () => l10n.t('Always')],
    ['on_hover', () => l10n.t('On hover')],
    ['never', () => l10n.t('Never')],
  ],
  web_stream_unreads_count_display_policy: [
    [1, () => l10n.t('All channels')],
    [2, () => l10n.t('Unmuted channels and topics')],
    [3, () => l10n.t('No channels')],
  ],
} as const satisfies Record<string, Choices>;

type ChoiceName = keyof typeof SETTING_CHOICES;
type ChoiceValue<N extends ChoiceName> = (typeof SETTING_CHOICES)[N][number][0];

/** A setting restricted to its allowed values, refused with a message that lists them. */
function oneOf<N extends ChoiceName>(name: N, title: () => string) {
  const choices = SETTING_CHOICES[name] as Choices;
  const values = choices.map(([v]) => v) as ChoiceValue<N>[];
  const list = (): string =>
    choices.map(([v, label]) => `${typeof v === 'string' ? `"${v}"` : v} (${label().toLowerCase()})`).join(', ');
  return z.literal(values, { error: () => l10n.t('{0} must be one of {1}.', title(), list()) });
}

const flag = (name: string) => z.boolean({ error: () => l10n.t('"{0}" must be true or false.', name) });
const string = (name: string) => z.string({ error: () => l10n.t('"{0}" must be text.', name) });
const text = (title: () => string) =>
  z
    .string({ error: () => l10n.t('{0} must be text.', title()) })
    .trim()
    .min(1, { error: () => l10n.t('{0} cannot be empty.', title()) });
const positiveInt = (title: () => string) =>
  z
    .number({ error: () => l10n.t('{0} must be a number.', title()) })
    .int({ error: () => l10n.t('{0} must be a whole number.', title()) })
    .positive({ error: () => l10n.t('{0} must be positive.', title()) });

/** Every settings parameter of docs/API.md operation 2, all optional. */
export const SettingsChanges = z.object({
  full_name: text(() => l10n.t('The name')).optional(),
  email: string('email')
    .trim()
    .regex(/^[^\s@]+@[^\s@]+$/, { error: () => l10n.t('The email address is not valid.') })
    .optional(),
  old_password: string('old_password').optional(),
  new_password: string('new_password')
    .min(1, { error: () => l10n.t('The new password cannot be empty.') })
    .optional(),
  twenty_four_hour_time: flag('twenty_four_hour_time').optional(),
  web_mark_read_on_scroll_policy: oneOf('web_mark_read_on_scroll_policy', () =>
    l10n.t('Mark as read on scroll'),
  ).optional(),
  web_channel_default_view: oneOf('web_channel_default_view', () => l10n.t('The default channel view')).optional(),
  starred_message_counts: flag('starred_message_counts').optional(),
  receives_typing_notifications: flag('receives_typing_notifications').optional(),
  send_private_typing_notifications: flag('send_private_typing_notifications').optional(),
  send_stream_typing_notifications: flag('send_stream_typing_notifications').optional(),
  /** FL 137: others may see that I read their messages (read receipts). */
  send_read_receipts: flag('send_read_receipts').optional(),
  web_suggest_update_timezone: flag('web_suggest_update_timezone').optional(),
  fluid_layout_width: flag('fluid_layout_width').optional(),
  high_contrast_mode: flag('high_contrast_mode').optional(),
  web_font_size_px: positiveInt(() => l10n.t('The font size')).optional(),
  web_line_height_percent: positiveInt(() => l10n.t('The line height')).optional(),
  color_scheme: oneOf('color_scheme', () => l10n.t('The colour scheme')).optional(),
  enable_drafts_synchronization: flag('enable_drafts_synchronization').optional(),
  translate_emoticons: flag('translate_emoticons').optional(),
  display_emoji_reaction_users: flag('display_emoji_reaction_users').optional(),
  default_language: text(() => l10n.t('The language')).optional(),
  web_home_view: oneOf('web_home_view', () => l10n.t('The home view')).optional(),
  web_escape_navigates_to_home_view: flag('web_escape_navigates_to_home_view').optional(),
  left_side_userlist: flag('left_side_userlist').optional(),
  emojiset: oneOf('emojiset', () => l10n.t('The emoji set')).optional(),
  demote_inactive_streams: oneOf('demote_inactive_streams', () => l10n.t('Hiding inactive channels')).optional(),
  user_list_style: oneOf('user_list_style', () => l10n.t('The user list style')).optional(),
  web_animate_image_previews: oneOf('web_animate_image_previews', () => l10n.t('Animating image previews')).optional(),
  web_stream_unreads_count_display_policy: oneOf('web_stream_unreads_count_display_policy', () =>
    l10n.t('Showing unread counts'),
  ).optional(),
  hide_ai_features: flag('hide_ai_features').optional(),
  web_inbox_show_channel_folders: flag('web_inbox_show_channel_folders').optional(),
  web_left_sidebar_show_channel_folders: flag('web_left_sidebar_show_channel_folders').optional(),
  web_left_sidebar_unreads_count_summary: flag('web_left_sidebar_unreads_count_summary').optional(),
  timezone: string('timezone').optional(),
  enable_stream_desktop_notifications: flag('enable_stream_desktop_notifications').optional(),
  enable_stream_email_notifications: flag('enable_stream_email_notifications').optional(),
  enable_stream_push_notifications: flag('enable_stream_push_notifications').optional(),
  enable_stream_audible_notifications: flag('enable_stream_audible_notifications').optional(),
  notification_sound: string('notification_sound').optional(),
  enable_desktop_notifications: flag('enable_desktop_notifications').optional(),
  enable_sounds: flag('enable_sounds').optional(),
  email_notifications_batching_period_seconds: z
    .number({ error: () => l10n.t('The email batching period must be a number of seconds.') })
    .int({ error: () => l10n.t('The email batching period must be a whole number of seconds.') })
    .nonnegative({ error: () => l10n.t('The email batching period cannot be negative.') })
    .optional(),
});
export type SettingsChanges = z.input<typeof SettingsChanges>;

/** `target_users` of `PATCH /settings` (administrators; FL.settingsTargetUsers). */
const ids = (what: () => string) => {
  const error = (): string => l10n.t('{0} must be a list of ids.', what());
  return z.array(z.number({ error }).int({ error }).positive({ error }), { error });
};
export const TargetUsers = z.object(
  {
    user_ids: ids(() => l10n.t('The target user ids')).optional(),
    group_ids: ids(() => l10n.t('The target group ids')).optional(),
    skip_if_already_edited: flag('skip_if_already_edited').optional(),
  },
  { error: () => l10n.t('Target users must be an object with user_ids and/or group_ids.') },
);
export type TargetUsers = z.input<typeof TargetUsers>;

export type SettingGroup = 'account' | 'preferences' | 'appearance' | 'navigation' | 'sidebar' | 'notifications';
export type SettingType = 'boolean' | 'integer' | 'string' | 'password';

/** One row of the settings description table. */
export interface SettingDescription {
  /** The parameter name. */
  readonly name: keyof typeof SettingsChanges.shape;
  readonly type: SettingType;
  /** A short title for an editor. */
  readonly label: string;
  readonly group: SettingGroup;
  /** Allowed values with their meanings; absent when any value of `type` is allowed. */
  readonly choices?: readonly { readonly value: Value; readonly label: string }[];
  /** Extra information for the user. */
  readonly note?: string;
}

/** The texts are read when shown (getters), so they come in the display language. */
function row(
  name: SettingDescription['name'],
  type: SettingType,
  label: () => string,
  group: SettingGroup,
  note?: () => string,
): SettingDescription {
  const choices = (SETTING_CHOICES as Record<string, Choices>)[name];
  const description = {
    name,
    type,
    get label() {
      return label();
    },
    group,
  };
  if (choices) {
    const shown = choices.map(([value, l]) => ({
      value,
      get label() {
        return l();
      },
    }));
    Object.defineProperty(description, 'choices', { value: shown, enumerable: true });
  }
  if (note) Object.defineProperty(description, 'note', { get: note, enumerable: true });
  return description;
}

/** Every settings parameter, in editor order, with its type, allowed values and group. */
export const SETTINGS_DESCRIPTION: readonly SettingDescription[] = [
  row('full_name', 'string', () => l10n.t('Name'), 'account'),
  row(
    'email',
    'string',
    () => l10n.t('Email'),
    'account',
    () => l10n.t('You will get a confirmation link at the new address.'),
  ),
  row(
    'old_password',
    'password',
    () => l10n.t('Current password'),
    'account',
    () => l10n.t('Needed only to set a new password.'),
  ),
  row(
    'new_password',
    'password',
    () => l10n.t('New password'),
    'account',
    () => l10n.t('Needs the current password.'),
  ),
  row(
    'timezone',
    'string',
    () => l10n.t('Time zone'),
    'preferences',
    () => l10n.t('An IANA time zone, e.g. Europe/Berlin.'),
  ),
  row(
    'default_language',
    'string',
    () => l10n.t('Language'),
    'preferences',
    () => l10n.t('A language code such as en or de.'),
  ),
  row('twenty_four_hour_time', 'boolean', () => l10n.t('24-hour time'), 'preferences'),
  row('web_suggest_update_timezone', 'boolean', () => l10n.t('Offer to update my time zone'), 'preferences'),
  row('receives_typing_notifications', 'boolean', () => l10n.t('Show when others are typing'), 'preferences'),
  row(
    'send_private_typing_notifications',
    'boolean',
    () => l10n.t('Let others see when I type a direct message'),
    'preferences',
  ),
  row(
    'send_stream_typing_notifications',
    'boolean',
    () => l10n.t('Let others see when I type in a channel'),
    'preferences',
  ),
  row(
    'send_read_receipts',
    'boolean',
    () => l10n.t('Let others see when I have read their messages'),
    'preferences',
    () => l10n.t('Read receipts, where the organisation shows them.'),
  ),
  row(
    'enable_drafts_synchronization',
    'boolean',
    () => l10n.t('Synchronise drafts'),
    'preferences',
    () => l10n.t('Turning it off deletes all drafts stored on the server.'),
  ),
  row('translate_emoticons', 'boolean', () => l10n.t('Convert emoticons to emoji'), 'preferences'),
  row('display_emoji_reaction_users', 'boolean', () => l10n.t('Show who reacted'), 'preferences'),
  row('hide_ai_features', 'boolean', () => l10n.t('Hide AI features'), 'preferences'),
  row('color_scheme', 'integer', () => l10n.t('Colour scheme'), 'appearance'),
  row('emojiset', 'string', () => l10n.t('Emoji style'), 'appearance'),
  row('web_font_size_px', 'integer', () => l10n.t('Font size (px)'), 'appearance'),
  row(
    'web_line_height_percent',
    'integer',
    () => l10n.t('Line height (%)'),
    'appearance',
    () => l10n.t('120 means 1.2.'),
  ),
  row('fluid_layout_width', 'boolean', () => l10n.t('Use full width'), 'appearance'),
  row('high_contrast_mode', 'boolean', () => l10n.t('High contrast'), 'appearance'),
  row('web_animate_image_previews', 'string', () => l10n.t('Animate image previews'), 'appearance'),
  row('starred_message_counts', 'boolean', () => l10n.t('Show starred message count'), 'appearance'),
  row('web_home_view', 'string', () => l10n.t('Home view'), 'navigation'),
  row('web_escape_navigates_to_home_view', 'boolean', () => l10n.t('Escape goes to the home view'), 'navigation'),
  row('web_channel_default_view', 'integer', () => l10n.t('Clicking a channel opens'), 'navigation'),
  row('web_mark_read_on_scroll_policy', 'integer', () => l10n.t('Mark messages as read on scroll'), 'navigation'),
  row('left_side_userlist', 'boolean', () => l10n.t('Users list on the left in narrow windows'), 'sidebar'),
  row('demote_inactive_streams', 'integer', () => l10n.t('Hide inactive channels'), 'sidebar'),
  row('user_list_style', 'integer', () => l10n.t('User list style'), 'sidebar'),
  row(
    'web_stream_unreads_count_display_policy',
    'integer',
    () => l10n.t('Show unread counts for'),
    'sidebar',
    () => l10n.t('Others show a dot.'),
  ),
  row('web_inbox_show_channel_folders', 'boolean', () => l10n.t('Channel folders in the Inbox'), 'sidebar'),
  row(
    'web_left_sidebar_show_channel_folders',
    'boolean',
    () => l10n.t('Channel folders in the left sidebar'),
    'sidebar',
  ),
  row(
    'web_left_sidebar_unreads_count_summary',
    'boolean',
    () => l10n.t('Unread count summary in the left sidebar'),
    'sidebar',
  ),
  row(
    'enable_desktop_notifications',
    'boolean',
    () => l10n.t('Desktop notifications for direct messages and mentions'),
    'notifications',
  ),
  row('enable_sounds', 'boolean', () => l10n.t('Sounds for direct messages and mentions'), 'notifications'),
  row('notification_sound', 'string', () => l10n.t('Notification sound'), 'notifications'),
  row(
    'enable_stream_desktop_notifications',
    'boolean',
    () => l10n.t('Desktop notifications for channel messages'),
    'notifications',
  ),
  row('enable_stream_audible_notifications', 'boolean', () => l10n.t('Sounds for channel messages'), 'notifications'),
  row(
    'enable_stream_push_notifications',
    'boolean',
    () => l10n.t('Mobile notifications for channel messages'),
    'notifications',
  ),
  row(
    'enable_stream_email_notifications',
    'boolean',
    () => l10n.t('Email notifications for channel messages'),
    'notifications',
  ),
  row(
    'email_notifications_batching_period_seconds',
    'integer',
    () => l10n.t('Email batching period (seconds)'),
    'notifications',
  ),
];

/** Older servers (below FL.homeViewRecent) call the recent view `recent_topics`. */
export function upgradeHomeView(value: unknown): unknown {
  return value === 'recent_topics' ? 'recent' : value;
}

/**
 * The current user's settings as a server reports them (`user_settings` of `/register`): every
 * key optional, unknown values of enumerated strings read as `'unknown'`.
 */
export const UserSettings = z.looseObject({
  web_home_view: z.preprocess(pure(upgradeHomeView), lenientEnum(['recent', 'inbox', 'all_messages'])).optional(),
  emojiset: z.string().optional(),
  web_animate_image_previews: lenientEnum(['always', 'on_hover', 'never']).optional(),
});
export type UserSettings = z.infer<typeof UserSettings>;
