import * as assert from 'node:assert/strict';
import {
  SETTINGS_DESCRIPTION,
  SettingsChanges,
  TargetUsers,
  UserSettings,
} from '../../../../src/api/personal/settings';

/**
 * The settings of `PATCH /settings` (docs/API.md operation 2) as an editor sees them: the
 * description table agrees with the schema that checks the values, and every refusal tells the
 * user what is wrong in words.
 */

type Schema = {
  safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } };
};

/** The messages with which `schema` refuses `value`. */
function refusal(schema: Schema, value: unknown): string[] {
  const r = schema.safeParse(value);
  assert.equal(r.success, false, `accepted ${JSON.stringify(value)}`);
  return r.error!.issues.map((i) => i.message);
}

/** The value `schema` makes of `value`, which it must accept. */
function accepted(schema: Schema, value: unknown): unknown {
  const r = schema.safeParse(value);
  assert.ok(r.success, `refused ${JSON.stringify(value)}: ${r.error?.issues.map((i) => i.message).join(' ')}`);
  return r.data;
}

const GROUPS = ['account', 'preferences', 'appearance', 'navigation', 'sidebar', 'notifications'];

/** A valid value of each free (not enumerated, not boolean) setting, per docs/API.md. */
const VALID: Record<string, unknown> = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  old_password: 'old-secret',
  new_password: 'n3w-secret',
  timezone: 'Europe/Berlin',
  default_language: 'de',
  notification_sound: 'ding',
  web_font_size_px: 16,
  web_line_height_percent: 120,
  email_notifications_batching_period_seconds: 120,
};

/** The message for a value of the wrong type, for every setting that is not a plain flag. */
const WRONG_TYPE: Record<string, [unknown, string]> = {
  full_name: [5, 'The name must be text.'],
  email: [5, '"email" must be text.'],
  old_password: [5, '"old_password" must be text.'],
  new_password: [5, '"new_password" must be text.'],
  timezone: [5, '"timezone" must be text.'],
  default_language: [5, 'The language must be text.'],
  notification_sound: [5, '"notification_sound" must be text.'],
  web_font_size_px: ['16', 'The font size must be a number.'],
  web_line_height_percent: ['120', 'The line height must be a number.'],
  email_notifications_batching_period_seconds: ['60', 'The email batching period must be a number of seconds.'],
  color_scheme: ['2', 'The colour scheme must be one of 1 (automatic), 2 (dark), 3 (light).'],
  emojiset: [
    1,
    'The emoji set must be one of "text" (plain text), "set_a" (modern style), "set_b" (social-network style).',
  ],
  web_animate_image_previews: [
    true,
    'Animating image previews must be one of "always" (always), "on_hover" (on hover), "never" (never).',
  ],
  web_home_view: [
    1,
    'The home view must be one of "recent" (recent conversations), "inbox" (inbox), "all_messages" (all messages).',
  ],
  web_channel_default_view: [
    '1',
    'The default channel view must be one of 1 (top topic in the channel), 2 (channel feed), 4 (top unread topic in the channel).',
  ],
  web_mark_read_on_scroll_policy: [
    '1',
    'Mark as read on scroll must be one of 1 (always), 2 (only in conversation views), 3 (never).',
  ],
  demote_inactive_streams: ['1', 'Hiding inactive channels must be one of 1 (automatic), 2 (always), 3 (never).'],
  user_list_style: [
    '1',
    'The user list style must be one of 1 (compact), 2 (with status), 3 (with avatar and status).',
  ],
  web_stream_unreads_count_display_policy: [
    '1',
    'Showing unread counts must be one of 1 (all channels), 2 (unmuted channels and topics), 3 (no channels).',
  ],
};

describe('settings description table (PATCH /settings)', () => {
  const names = Object.keys(SettingsChanges.shape);

  it('has exactly one row for each settings parameter and nothing else', () => {
    for (const name of names) assert.equal(SETTINGS_DESCRIPTION.filter((d) => d.name === name).length, 1, name);
    assert.equal(SETTINGS_DESCRIPTION.length, names.length);
  });

  it('gives each row a type that the schema accepts, and refuses other types with a message', () => {
    for (const d of SETTINGS_DESCRIPTION) {
      const sample = d.choices ? d.choices[0]!.value : d.type === 'boolean' ? true : VALID[d.name];
      switch (d.type) {
        case 'boolean':
          assert.deepEqual(accepted(SettingsChanges, { [d.name]: true }), { [d.name]: true }, d.name);
          assert.deepEqual(accepted(SettingsChanges, { [d.name]: false }), { [d.name]: false }, d.name);
          assert.deepEqual(refusal(SettingsChanges, { [d.name]: 'true' }), [`"${d.name}" must be true or false.`]);
          assert.deepEqual(refusal(SettingsChanges, { [d.name]: 1 }), [`"${d.name}" must be true or false.`]);
          continue;
        case 'integer':
          assert.ok(Number.isInteger(sample), d.name);
          break;
        case 'string':
        case 'password':
          assert.equal(typeof sample, 'string', d.name);
          break;
        default:
          assert.fail(`${d.name}: unknown type ${String(d.type)}`);
      }
      assert.deepEqual(accepted(SettingsChanges, { [d.name]: sample }), { [d.name]: sample }, d.name);
      const [wrong, message] = WRONG_TYPE[d.name]!;
      assert.deepEqual(refusal(SettingsChanges, { [d.name]: wrong }), [message], d.name);
    }
  });

  it('marks only the two password parameters as passwords', () => {
    const passwords = SETTINGS_DESCRIPTION.filter((d) => d.type === 'password').map((d) => d.name);
    assert.deepEqual(passwords, ['old_password', 'new_password']);
  });

  it('groups the rows in editor order, each group together', () => {
    const order = SETTINGS_DESCRIPTION.map((d) => GROUPS.indexOf(d.group));
    for (const [i, g] of order.entries()) {
      assert.notEqual(g, -1, `${SETTINGS_DESCRIPTION[i]!.name}: unknown group ${SETTINGS_DESCRIPTION[i]!.group}`);
      if (i > 0) assert.ok(g >= order[i - 1]!, `${SETTINGS_DESCRIPTION[i]!.name} out of group order`);
    }
    assert.deepEqual([...new Set(SETTINGS_DESCRIPTION.map((d) => d.group))], GROUPS);
    assert.equal(SETTINGS_DESCRIPTION[0]!.name, 'full_name');
  });

  it('labels every row with its own text, and every note is distinct text', () => {
    const labels = SETTINGS_DESCRIPTION.map((d) => d.label);
    for (const [i, l] of labels.entries())
      assert.ok(typeof l === 'string' && l.trim() !== '', `label of ${SETTINGS_DESCRIPTION[i]!.name}`);
    assert.equal(new Set(labels).size, labels.length);
    const notes = SETTINGS_DESCRIPTION.filter((d) => 'note' in d).map((d) => d.note);
    for (const n of notes) assert.ok(typeof n === 'string' && n.trim() !== '');
    assert.equal(new Set(notes).size, notes.length);
    assert.equal(notes.length, 9);
  });

  it('lists exactly the values the schema accepts as choices, each with its own label', () => {
    const enumerated = SETTINGS_DESCRIPTION.filter((d) => d.choices);
    assert.deepEqual(
      enumerated.map((d) => d.name).sort(),
      Object.keys(WRONG_TYPE)
        .filter((n) => WRONG_TYPE[n]![1].includes('must be one of'))
        .sort(),
    );
    for (const d of enumerated) {
      const labels = d.choices!.map((c) => c.label);
      for (const l of labels) assert.ok(typeof l === 'string' && l.trim() !== '', d.name);
      assert.equal(new Set(labels).size, labels.length, d.name);
      for (const c of d.choices!) {
        assert.equal(typeof c.value, d.type === 'integer' ? 'number' : 'string', d.name);
        assert.deepEqual(accepted(SettingsChanges, { [d.name]: c.value }), { [d.name]: c.value });
      }
      // The refusal lists the same choices, in the same order, with the same (lower-cased) labels.
      const list = d
        .choices!.map((c) => `${typeof c.value === 'string' ? `"${c.value}"` : c.value} (${c.label.toLowerCase()})`)
        .join(', ');
      const bad = d.type === 'integer' ? 5 : 'other';
      const [message] = refusal(SettingsChanges, { [d.name]: bad });
      assert.ok(message!.endsWith(` must be one of ${list}.`), message);
      assert.deepEqual([message], [WRONG_TYPE[d.name]![1]]);
    }
  });

  it('refuses the documented gaps of the numbered choices', () => {
    const gaps: [string, unknown][] = [
      ['web_channel_default_view', 3],
      ['web_mark_read_on_scroll_policy', 0],
      ['color_scheme', 4],
      ['demote_inactive_streams', 0],
      ['user_list_style', 4],
      ['web_stream_unreads_count_display_policy', 4],
      ['web_home_view', 'recent_topics'],
      ['emojiset', 'google'],
      ['web_animate_image_previews', 'sometimes'],
    ];
    for (const [name, value] of gaps)
      assert.deepEqual(refusal(SettingsChanges, { [name]: value }), [WRONG_TYPE[name]![1]], name);
  });

  it('copies as plain data: label, group, choices and notes are enumerable and only present when set', () => {
    for (const d of SETTINGS_DESCRIPTION) {
      const expected = {
        name: d.name,
        type: d.type,
        label: d.label,
        group: d.group,
        ...(d.choices ? { choices: d.choices.map((c) => ({ value: c.value, label: c.label })) } : {}),
        ...(d.note !== undefined ? { note: d.note } : {}),
      };
      assert.deepStrictEqual({ ...d }, expected);
      assert.deepStrictEqual(JSON.parse(JSON.stringify(d)), expected);
    }
  });
});

describe('settings changes: values checked before sending', () => {
  it('accepts an email address with one @ and no spaces, trimmed', () => {
    const good: [string, string][] = [
      ['ada@example.com', 'ada@example.com'],
      ['a@b', 'a@b'],
      ['  ada@example.com\t', 'ada@example.com'],
      ['first.last+tag@mail.example.org', 'first.last+tag@mail.example.org'],
    ];
    for (const [input, sent] of good)
      assert.deepEqual(accepted(SettingsChanges, { email: input }), { email: sent }, input);
  });

  it('refuses anything else as not a valid email address', () => {
    const bad = [
      'nope',
      '',
      '@example.com',
      'ada@',
      'ada@@example.com',
      'a@b@c',
      'x ada@example.com',
      'ada@example.com x',
      'ada @example.com',
      'ada@ example.com',
      'ada@exa mple.com',
    ];
    for (const input of bad)
      assert.deepEqual(refusal(SettingsChanges, { email: input }), ['The email address is not valid.'], input);
  });

  it('trims the name and the language, and refuses them blank', () => {
    assert.deepEqual(accepted(SettingsChanges, { full_name: '  Ada  ', default_language: ' de ' }), {
      full_name: 'Ada',
      default_language: 'de',
    });
    assert.deepEqual(refusal(SettingsChanges, { full_name: '' }), ['The name cannot be empty.']);
    assert.deepEqual(refusal(SettingsChanges, { default_language: ' ' }), ['The language cannot be empty.']);
  });

  it('accepts any non-empty new password and any current password', () => {
    assert.deepEqual(accepted(SettingsChanges, { old_password: '', new_password: 'x' }), {
      old_password: '',
      new_password: 'x',
    });
    assert.deepEqual(accepted(SettingsChanges, { new_password: ' long passphrase ' }), {
      new_password: ' long passphrase ',
    });
    assert.deepEqual(refusal(SettingsChanges, { new_password: '' }), ['The new password cannot be empty.']);
  });

  it('explains a bad font size or line height (positive whole numbers)', () => {
    const cases: [string, unknown, string][] = [
      ['web_font_size_px', 14.5, 'The font size must be a whole number.'],
      ['web_font_size_px', 0, 'The font size must be positive.'],
      ['web_font_size_px', -3, 'The font size must be positive.'],
      ['web_font_size_px', null, 'The font size must be a number.'],
      ['web_line_height_percent', 1.2, 'The line height must be a whole number.'],
      ['web_line_height_percent', 0, 'The line height must be positive.'],
      ['web_line_height_percent', 'tall', 'The line height must be a number.'],
    ];
    for (const [name, value, message] of cases)
      assert.deepEqual(refusal(SettingsChanges, { [name]: value }), [message], `${name}=${String(value)}`);
    assert.deepEqual(accepted(SettingsChanges, { web_font_size_px: 1, web_line_height_percent: 1 }), {
      web_font_size_px: 1,
      web_line_height_percent: 1,
    });
  });

  it('accepts a batching period of zero seconds or more, in whole seconds', () => {
    const key = 'email_notifications_batching_period_seconds';
    assert.deepEqual(accepted(SettingsChanges, { [key]: 0 }), { [key]: 0 });
    assert.deepEqual(refusal(SettingsChanges, { [key]: 0.5 }), [
      'The email batching period must be a whole number of seconds.',
    ]);
    assert.deepEqual(refusal(SettingsChanges, { [key]: -60 }), ['The email batching period cannot be negative.']);
  });

  it('accepts no change at all, and several at once', () => {
    assert.deepEqual(accepted(SettingsChanges, {}), {});
    const many = { color_scheme: 3, web_home_view: 'inbox', twenty_four_hour_time: false, timezone: 'UTC' };
    assert.deepEqual(accepted(SettingsChanges, many), many);
  });
});

describe('target users of a settings change', () => {
  it('accepts user and group ids and the skip flag', () => {
    const target = { user_ids: [1, 25], group_ids: [3], skip_if_already_edited: true };
    assert.deepEqual(accepted(TargetUsers, target), target);
    assert.deepEqual(accepted(TargetUsers, { group_ids: [7] }), { group_ids: [7] });
    assert.deepEqual(accepted(TargetUsers, { user_ids: [] }), { user_ids: [] });
  });

  it('refuses anything but a list of positive whole ids, naming the list', () => {
    const cases: [unknown, string][] = [
      [{ user_ids: ['x'] }, 'The target user ids must be a list of ids.'],
      [{ user_ids: [1.5] }, 'The target user ids must be a list of ids.'],
      [{ user_ids: [0] }, 'The target user ids must be a list of ids.'],
      [{ user_ids: [-4] }, 'The target user ids must be a list of ids.'],
      [{ user_ids: 4 }, 'The target user ids must be a list of ids.'],
      [{ group_ids: [null] }, 'The target group ids must be a list of ids.'],
      [{ group_ids: [2.5] }, 'The target group ids must be a list of ids.'],
      [{ group_ids: [-1] }, 'The target group ids must be a list of ids.'],
      [{ group_ids: 'all' }, 'The target group ids must be a list of ids.'],
      [{ user_ids: [1], skip_if_already_edited: 'yes' }, '"skip_if_already_edited" must be true or false.'],
      [null, 'Target users must be an object with user_ids and/or group_ids.'],
      ['everyone', 'Target users must be an object with user_ids and/or group_ids.'],
    ];
    for (const [value, message] of cases)
      assert.deepEqual(refusal(TargetUsers, value), [message], JSON.stringify(value));
  });
});

describe('user settings reported by the server (register)', () => {
  it('keeps the known home views and animation settings, and reads the old recent view name', () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ web_home_view: 'recent' }, { web_home_view: 'recent' }],
      [{ web_home_view: 'inbox' }, { web_home_view: 'inbox' }],
      [{ web_home_view: 'all_messages' }, { web_home_view: 'all_messages' }],
      [{ web_home_view: 'recent_topics' }, { web_home_view: 'recent' }],
      [{ web_animate_image_previews: 'always' }, { web_animate_image_previews: 'always' }],
      [{ web_animate_image_previews: 'on_hover' }, { web_animate_image_previews: 'on_hover' }],
      [{ web_animate_image_previews: 'never' }, { web_animate_image_previews: 'never' }],
    ];
    for (const [input, parsed] of cases) assert.deepEqual(accepted(UserSettings, input), parsed, JSON.stringify(input));
  });

  it('reads values from newer servers as unknown, keeps other settings and any emoji set', () => {
    const input = {
      web_home_view: 'spaces',
      web_animate_image_previews: 'sometimes',
      emojiset: 'google',
      color_scheme: 2,
      future_setting: [1],
    };
    assert.deepEqual(accepted(UserSettings, input), {
      ...input,
      web_home_view: 'unknown',
      web_animate_image_previews: 'unknown',
    });
    assert.deepEqual(accepted(UserSettings, {}), {});
  });

  it('refuses non-text values of the text settings', () => {
    assert.equal(UserSettings.safeParse({ web_home_view: 1 }).success, false);
    assert.equal(UserSettings.safeParse({ emojiset: 2 }).success, false);
    assert.equal(UserSettings.safeParse({ web_animate_image_previews: true }).success, false);
  });
});
