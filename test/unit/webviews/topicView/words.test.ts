// The conversation view's words that depend on the kind of conversation (issue 25, "Words"): a
// direct-message conversation begins as a conversation, a topic as a topic.
import { strict as assert } from 'node:assert';
import { beginningText } from '../../../../src/webviews/topicView/words';

describe('conversation view words', () => {
  it('the top of a direct-message conversation says "conversation", of a topic "topic"', () => {
    assert.equal(beginningText('dm'), 'Beginning of the conversation');
    assert.equal(beginningText('topic'), 'Beginning of the topic');
  });
});
