// The organisation's catalogue rebuilt from a snapshot (hand-made, no server): usable custom emoji by
// name, profile fields and folders in the realm's order, and a second snapshot replacing the first.
import assert from 'node:assert/strict';
import type { RegisterSnapshot } from '../../../src/api/events/register';
import { RealmCatalogue } from '../../../src/store/realmCatalogue';

const emoji = (id: string, name: string, deactivated = false) => ({
  id,
  name,
  source_url: `/e/${id}.png`,
  deactivated,
});
const field = (id: number, order?: number) => ({ id, name: `f${id}`, type: 1, order });
const folder = (id: number, order: number) => ({
  id,
  name: `d${id}`,
  description: '',
  rendered_description: '',
  order,
  is_archived: false,
});

describe('RealmCatalogue', () => {
  it('takes the realm-wide data from a snapshot, each in its order', () => {
    const c = new RealmCatalogue();
    c.reset({
      realm_linkifiers: [
        { id: 2, pattern: 'B-(?P<id>\\d+)', url_template: 'https://b/{id}' },
        { id: 1, pattern: 'A-(?P<id>\\d+)', url_template: 'https://a/{id}' },
      ],
      realm_emoji: { 3: emoji('3', 'zebra'), 1: emoji('1', 'apple'), 2: emoji('2', 'gone', true) },
      realm_playgrounds: [{ id: 7, name: 'Python', pygments_language: 'python', url_template: 'https://p/{code}' }],
      custom_profile_fields: [field(5, 2), field(6, 0), field(4)],
      channel_folders: [folder(9, 1), folder(8, 0)],
    } as unknown as RegisterSnapshot);
    assert.deepEqual(
      c.linkifiers.map((l) => l.id),
      [2, 1],
    );
    assert.deepEqual(
      c.realmEmoji.map((e) => e.name),
      ['apple', 'zebra'],
    );
    assert.deepEqual(
      c.playgrounds.map((p) => p.id),
      [7],
    );
    assert.deepEqual(
      c.customProfileFields.map((f) => f.id),
      [6, 5, 4],
    );
    assert.deepEqual(
      c.channelFolders.all().map((f) => f.id),
      [8, 9],
    );

    c.reset({} as RegisterSnapshot);
    assert.deepEqual(
      [c.linkifiers, c.realmEmoji, c.playgrounds, c.customProfileFields, c.channelFolders.all()],
      [[], [], [], [], []],
    );
  });
});
