// The client-side linkifier check (src/linkifiers/check.ts): what an administrator is told before
// anything is sent.
import * as assert from 'assert';
import {
  checkLinkifier,
  compilePattern,
  expandUrlTemplate,
  fillReverseTemplate,
  templateVariables,
  toJsPattern,
  type LinkifierDraft,
} from '../../../src/linkifiers/check';

const issue: LinkifierDraft = {
  pattern: '#(?P<id>[0-9]+)',
  url_template: 'https://github.com/example/repo/issues/{id}',
  example_input: '#123',
  reverse_template: '#{id}',
  alternative_url_templates: [],
};

function messages(draft: LinkifierDraft): string[] {
  return checkLinkifier(draft).problems.map((p) => p.message);
}

describe('linkifier check', () => {
  it('passes a valid linkifier and previews the link', () => {
    const check = checkLinkifier(issue);
    assert.deepEqual(check.problems, []);
    assert.equal(check.ok, true);
    assert.deepEqual(check.groups, ['id']);
    assert.deepEqual(check.preview, {
      text: '#123',
      url: 'https://github.com/example/repo/issues/123',
      groups: { id: '123' },
    });
  });

  it('passes without example input or reverse template', () => {
    assert.deepEqual(
      messages({ pattern: 'RFC(?P<num>[0-9]+)', url_template: 'https://www.rfc-editor.org/rfc/rfc{num}' }),
      [],
    );
    assert.deepEqual(messages({ ...issue, example_input: '', reverse_template: null }), []);
  });

  it('converts Python named groups and backreferences to JavaScript', () => {
    assert.deepEqual(toJsPattern('(?P<a>x)(?P=a)'), { source: '(?<a>x)\\k<a>', flags: '' });
    assert.deepEqual(toJsPattern('(?i)abc'), { source: 'abc', flags: 'i' });
    const c = compilePattern('(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>\\d+)');
    assert.ok(c.ok);
    assert.deepEqual(c.ok && c.groups, ['org', 'repo', 'id']);
  });

  it('refuses a pattern that does not compile, saying so', () => {
    const m = messages({ ...issue, pattern: '#(?P<id>[0-9+' });
    assert.equal(m.length, 1);
    assert.match(m[0], /^The pattern does not compile: /);
    assert.match(
      messages({
        ...issue,
        pattern: '(?P<1x>a)',
        example_input: null,
        reverse_template: null,
        url_template: 'https://x/',
      })[0],
      /group name "1x" is not valid/,
    );
    assert.match(
      messages({
        ...issue,
        pattern: 'a(?i)b',
        example_input: null,
        reverse_template: null,
        url_template: 'https://x/',
      })[0],
      /inline flags/,
    );
    assert.match(messages({ ...issue, pattern: '   ' })[0], /The pattern is empty/);
  });

  it('refuses an example input that does not match the whole pattern', () => {
    assert.deepEqual(messages({ ...issue, example_input: 'see #123' }), [
      'The example input "see #123" does not match the pattern #(?P<id>[0-9]+) (the whole input must match).',
    ]);
    // A prefix match is not enough either.
    assert.equal(messages({ ...issue, example_input: '#123x' }).length, 1);
    assert.equal(checkLinkifier({ ...issue, example_input: '#12a' }).preview, undefined);
  });

  it('refuses a reverse template that does not regenerate the example input', () => {
    assert.deepEqual(messages({ ...issue, reverse_template: 'issue {id}' }), [
      'The reverse template produces "issue 123" but the example input is "#123".',
    ]);
    assert.match(
      messages({ ...issue, reverse_template: '#{number}' })[0],
      /uses \{number\}, which the pattern does not capture/,
    );
    assert.match(messages({ ...issue, example_input: null })[0], /A reverse template needs an example input/);
  });

  it('reads {{ and }} in the reverse template as literal braces', () => {
    const braces: LinkifierDraft = {
      pattern: '\\{(?P<key>[A-Z]+-[0-9]+)\\}',
      url_template: 'https://jira.example.com/browse/{key}',
      example_input: '{ABC-12}',
      reverse_template: '{{{key}}}',
    };
    assert.deepEqual(messages(braces), []);
    assert.deepEqual(fillReverseTemplate('{{{key}}}', { key: 'ABC-12' }), { text: '{ABC-12}' });
    assert.deepEqual(fillReverseTemplate('{{key}}', { key: 'ABC-12' }), { text: '{key}' });
    assert.deepEqual(messages({ ...braces, reverse_template: '{{key}}' }), [
      'The reverse template produces "{key}" but the example input is "{ABC-12}".',
    ]);
    assert.match(messages({ ...braces, reverse_template: '{key}}' })[0], /"\}" without a matching "\{"/);
    assert.match(messages({ ...braces, reverse_template: '{ {key}' })[0], /"\{" that does not start a \{variable\}/);
  });

  it('refuses URL template variables that are not named groups', () => {
    assert.deepEqual(messages({ ...issue, url_template: 'https://github.com/{org}/repo/issues/{id}' }), [
      'The URL template uses {org}, but the pattern has no group named "org" (its groups are "id"; write (?P<org>...)).',
    ]);
    assert.match(
      messages({ ...issue, alternative_url_templates: ['https://example.com/{ticket}'] })[0],
      /^Alternative URL template 1 uses \{ticket\}, but the pattern has no group named "ticket"/,
    );
    assert.match(
      messages({ ...issue, url_template: 'ftp://x/{id}' })[0],
      /must start with http:\/\/, https:\/\/ or \//,
    );
    assert.match(messages({ ...issue, url_template: 'https://x/{id' })[0], /"\{" without a matching "\}"/);
  });

  it('expands RFC 6570 templates with percent-encoding', () => {
    assert.equal(expandUrlTemplate('https://x/{id}', { id: 'a b/c' }), 'https://x/a%20b%2Fc');
    assert.equal(expandUrlTemplate('https://x/{+path}', { path: 'a b/c' }), 'https://x/a%20b/c');
    assert.equal(
      expandUrlTemplate('https://x/search{?q,lang}', { q: 'ü', lang: 'en' }),
      'https://x/search?q=%C3%BC&lang=en',
    );
    assert.equal(expandUrlTemplate('https://x{/a,b}', { a: '1', b: '2' }), 'https://x/1/2');
    assert.deepEqual(templateVariables('https://x/{a}/{+b}{?c,a}'), ['a', 'b', 'c']);
  });
});
