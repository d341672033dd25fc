import * as assert from 'node:assert/strict';
import { readServerInfo } from '../../../src/api/features';

describe('readServerInfo', () => {
  it('reads a server that spells its names "zulip_…" as the zulip flavour', () => {
    assert.equal(readServerInfo({ zulip_feature_level: 300 }).flavor, 'zulip');
    assert.equal(readServerInfo({ zulip_version: '9.0' }).flavor, 'zulip');
    assert.equal(readServerInfo({ zulip_feature_level: 300, zulip_version: '9.0' }).flavor, 'zulip');
  });

  it('reads a server that names "chat_…" fields, or none, as the chat flavour', () => {
    assert.equal(readServerInfo({}).flavor, 'chat');
    assert.equal(readServerInfo({ chat_feature_level: 5 }).flavor, 'chat');
    assert.equal(readServerInfo({ chat_version: '1.0' }).flavor, 'chat');
    assert.equal(readServerInfo({ zulip_feature_level: 300, chat_version: '1.0' }).flavor, 'chat');
    assert.equal(readServerInfo({ zulip_version: '9.0', chat_feature_level: 5 }).flavor, 'chat');
  });

  it('reads the version and merge base under either spelling, the chat one first', () => {
    assert.deepEqual(readServerInfo({ zulip_feature_level: 300, zulip_version: '9.0', zulip_merge_base: '9.0-12' }), {
      featureLevel: 300,
      version: '9.0',
      mergeBase: '9.0-12',
      flavor: 'zulip',
    });
    assert.deepEqual(readServerInfo({ chat_feature_level: 7, chat_version: '1.2', chat_merge_base: '1.2-3' }), {
      featureLevel: 7,
      version: '1.2',
      mergeBase: '1.2-3',
      flavor: 'chat',
    });
    const both = readServerInfo({
      chat_version: '1.2',
      zulip_version: '9.0',
      chat_merge_base: 'c',
      zulip_merge_base: 'z',
    });
    assert.equal(both.version, '1.2');
    assert.equal(both.mergeBase, 'c');
  });

  it('ignores a version or merge base that is not text', () => {
    const info = readServerInfo({ chat_feature_level: 1, chat_version: 12, chat_merge_base: 3 });
    assert.equal(info.version, undefined);
    assert.equal(info.mergeBase, undefined);
    assert.equal(readServerInfo({}).version, undefined);
  });

  it('takes an absent, negative, fractional or non-numeric feature level as 0', () => {
    assert.equal(readServerInfo({}).featureLevel, 0);
    assert.equal(readServerInfo({ chat_feature_level: -1 }).featureLevel, 0);
    assert.equal(readServerInfo({ chat_feature_level: 1.5 }).featureLevel, 0);
    assert.equal(readServerInfo({ chat_feature_level: '5' }).featureLevel, 0);
    assert.equal(readServerInfo({ chat_feature_level: 0 }).featureLevel, 0);
    assert.equal(readServerInfo({ chat_feature_level: 1 }).featureLevel, 1);
    assert.equal(readServerInfo({ chat_feature_level: 2, zulip_feature_level: 300 }).featureLevel, 2);
  });
});
