import * as assert from 'node:assert/strict';
import {
  SETTINGS_DESCRIPTION,
  SettingsChanges,
  TargetUsers,
  upgradeHomeView,
} from '../../../../src/api/personal/settings';

/** The messages with which `schema` refuses `value`. */
function refusal(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
): string[] {
  const r = schema.safeParse(value);
  assert.equal(r.success, false);
  return r.error!.issues.map((i) => i.message);
}

describe('settings changes: refusal messages', () => {
  it('names each enumerated setting and lists its choices with labels', () => {
    const cases: [string, unknown, string][] = [
      [
        'web_mark_read_on_scroll_policy',
        9,
        'Mark as read on scroll must be one of 1 (always), 2 (only in conversation views), 3 (never).',
      ],
      ['web_channel_default_view', 3, 'The default channel view must be one of 1 ('],
      ['color_scheme', 9, 'The colour scheme must be one of 1 (automatic), 2 (dark), 3 (light).'],
      [
        'web_home_view',
        'home',
        'The home view must be one of "recent" (recent conversations), "inbox" (inbox), "all_messages" (all messages).',
      ],
      ['emojiset', 'set_z', 'The emoji set must be one of "text" (plain text), '],
      ['demote_inactive_streams', 0, 'Hiding inactive channels must be one of 1 ('],
      ['user_list_style', 0, 'The user list style must be one of 1 ('],
      ['web_animate_image_previews', 'sometimes', 'Animating image previews must be one of "always" (always), '],
      ['web_stream_unreads_count_display_policy', 0, 'Showing unread counts must be one of 1 ('],
    ];
    for (const [name, value, start] of cases) {
      const [message] = refusal(SettingsChanges, { [name]: value });
      assert.ok(message!.startsWith(start), `${name}: ${message}`);
    }
  });

  it('names text and number settings in their messages', () => {
    assert.deepEqual(refusal(SettingsChanges, { full_name: '  ' }), ['The name cannot be empty.']);
    assert.deepEqual(refusal(SettingsChanges, { full_name: 5 }), ['The name must be text.']);
    assert.deepEqual(refusal(SettingsChanges, { default_language: 5 }), ['The language must be text.']);
    assert.deepEqual(refusal(SettingsChanges, { web_font_size_px: 0 }), ['The font size must be positive.']);
    assert.deepEqual(refusal(SettingsChanges, { web_line_height_percent: 'tall' }), [
      'The line height must be a number.',
    ]);
    assert.deepEqual(refusal(SettingsChanges, { timezone: 5 }), ['"timezone" must be text.']);
    assert.deepEqual(refusal(SettingsChanges, { new_password: '' }), ['The new password cannot be empty.']);
  });

  it('explains a bad email batching period', () => {
    const key = 'email_notifications_batching_period_seconds';
    assert.deepEqual(refusal(SettingsChanges, { [key]: 'soon' }), [
      'The email batching period must be a number of seconds.',
    ]);
    assert.deepEqual(refusal(SettingsChanges, { [key]: 1.5 }), [
      'The email batching period must be a whole number of seconds.',
    ]);
    assert.deepEqual(refusal(SettingsChanges, { [key]: -1 }), ['The email batching period cannot be negative.']);
    assert.equal(SettingsChanges.safeParse({ [key]: 0 }).success, true);
  });

  it('explains bad target users', () => {
    assert.deepEqual(refusal(TargetUsers, { user_ids: [0] }), ['The target user ids must be a list of ids.']);
    assert.deepEqual(refusal(TargetUsers, { group_ids: 'all' }), ['The target group ids must be a list of ids.']);
    assert.deepEqual(refusal(TargetUsers, [1, 2]), ['Target users must be an object with user_ids and/or group_ids.']);
  });
});

describe('settings description', () => {
  const byName = new Map<string, (typeof SETTINGS_DESCRIPTION)[number]>(SETTINGS_DESCRIPTION.map((d) => [d.name, d]));

  it('gives each setting its label', () => {
    assert.equal(byName.get('full_name')!.label, 'Name');
    assert.equal(byName.get('web_line_height_percent')!.label, 'Line height (%)');
  });

  it('adds the notes that explain a setting', () => {
    const notes: [string, string][] = [
      ['email', 'You will get a confirmation link at the new address.'],
      ['old_password', 'Needed only to set a new password.'],
      ['new_password', 'Needs the current password.'],
      ['timezone', 'An IANA time zone, e.g. Europe/Berlin.'],
      ['default_language', 'A language code such as en or de.'],
      ['enable_drafts_synchronization', 'Turning it off deletes all drafts stored on the server.'],
      ['web_line_height_percent', '120 means 1.2.'],
      ['web_stream_unreads_count_display_policy', 'Others show a dot.'],
    ];
    for (const [name, note] of notes) assert.equal(byName.get(name)!.note, note, name);
    assert.equal(byName.get('full_name')!.note, undefined);
  });
});

describe('upgradeHomeView', () => {
  it('reads the old name of the recent view as "recent" and keeps other values', () => {
    assert.equal(upgradeHomeView('recent_topics'), 'recent');
    assert.equal(upgradeHomeView('inbox'), 'inbox');
    assert.equal(upgradeHomeView(''), '');
  });
});
