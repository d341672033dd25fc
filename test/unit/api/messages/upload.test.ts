import assert from 'node:assert/strict';
import type { ChatClient } from '../../../../src/api';
import { registerQueue } from '../../../../src/api/events/routes';
import { getAttachments } from '../../../../src/api/messages/routes';
import { checkUploadSize, formatSize, uploadFile, uploadMarkdown } from '../../../../src/api/messages/upload';
import { MEMBER, withServer } from '../../support/server';
import { apiError, refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

const MIB = 1024 * 1024;

function bytes(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

async function download(client: ChatClient, url: string): Promise<Buffer> {
  return (await client.download(url, { maxBytes: 64 * MIB, accept: () => true })).bytes;
}

describe('API: POST /user_uploads', function () {
  this.timeout(60_000);
  const suite = withServer();
  let alice: ChatClient;

  before(async () => {
    alice = suite.client(MEMBER);
    // The realm's limit comes from /register, as in the extension.
    await registerQueue(alice, { event_types: ['realm'] });
  });

  afterEach(() => {
    suite.server.state.realm.settings.max_file_upload_size_mib = 25;
  });

  it('learns max_file_upload_size_mib from /register', () => {
    assert.equal(alice.limits.maxFileUploadSizeMib, 25);
  });

  it('uploads a file (multipart) and the returned URL serves the same bytes', async () => {
    const data = bytes(200_000);
    const sent: number[] = [];
    const result = await uploadFile(
      alice,
      { name: 'build log.txt', data, contentType: 'text/plain' },
      {
        onProgress: (n, total) => sent.push(n / total),
      },
    );
    assert.match(result.url, /^\/user_uploads\/\d+\/[0-9a-f]{2}\/[\w-]+\/build-log\.txt$/);
    assert.equal(result.filename, 'build-log.txt');
    assert.deepEqual(await download(alice, result.url), Buffer.from(data));
    assert.ok(sent.length > 2, 'progress reported per chunk');
    assert.equal(sent.at(-1), 1);
    for (let i = 1; i < sent.length; i++) assert.ok(sent[i] > sent[i - 1]);
    const { attachments } = await getAttachments(alice);
    assert.ok(attachments.some((a) => `/user_uploads/${a.path_id}` === result.url && a.size === data.length));
  });

  it('keeps a non-ASCII name (UTF-8 in the multipart header) and quotes it in the URL', async () => {
    const result = await uploadFile(alice, { name: 'Überblick.png', data: bytes(10) });
    assert.equal(result.filename, 'Überblick.png');
    assert.ok(result.url.endsWith('/' + encodeURIComponent('Überblick.png')));
    assert.deepEqual(await download(alice, result.url), Buffer.from(bytes(10)));
  });

  it('a file of exactly the maximum size passes; one byte more is refused before sending', async () => {
    suite.server.state.realm.settings.max_file_upload_size_mib = 1;
    alice.limits = { ...alice.limits, maxFileUploadSizeMib: 1 };
    const exact = await uploadFile(alice, { name: 'exact.bin', data: bytes(MIB) });
    assert.equal((await download(alice, exact.url)).length, MIB);
    const before = (await getAttachments(alice)).attachments.length;
    const error = await refused(uploadFile(alice, { name: 'big.bin', data: bytes(MIB + 1) }), 'file');
    assert.equal(error.message, '"big.bin" is 1 MiB: this organization accepts files of at most 1 MiB.');
    assert.equal((await getAttachments(alice)).attachments.length, before, 'nothing was stored');
    alice.limits = { ...alice.limits, maxFileUploadSizeMib: 25 };
  });

  it('the server refuses a file over the limit with the real error text', async () => {
    suite.server.state.realm.settings.max_file_upload_size_mib = 1;
    // The client still believes 25 MiB (the limit changed after /register): the server decides.
    const error = await apiError(uploadFile(alice, { name: 'big.bin', data: bytes(MIB + 1) }), 'BAD_REQUEST', 400);
    assert.equal(error.message, "File is larger than this server's configured maximum upload size (1 MiB).");
  });

  it('refuses any file when uploads are disabled (limit 0), and an empty name', async () => {
    await refused(
      uploadFile(offlineClient({ limits: { maxFileUploadSizeMib: 0 } }), { name: 'a.txt', data: bytes(1) }),
      'file',
      /uploads are disabled/,
    );
    await refused(uploadFile(offlineClient(), { name: '  ', data: bytes(1) }), 'file');
  });

  it('names sizes for people', () => {
    assert.equal(formatSize(1), '1 byte');
    assert.equal(formatSize(900), '900 bytes');
    assert.equal(formatSize(5 * 1024), '5 KiB');
    assert.equal(formatSize(25 * MIB + MIB / 2), '25.5 MiB');
    assert.doesNotThrow(() => checkUploadSize('x', 25 * MIB, { maxFileUploadSizeMib: 25 }));
    assert.throws(() => checkUploadSize('x', 25 * MIB + 1, { maxFileUploadSizeMib: 25 }), /at most 25 MiB/);
    assert.doesNotThrow(() => checkUploadSize('x', 10 ** 9, {}), 'unknown limit: the server decides');
  });

  it('writes the Markdown link with brackets in the name escaped', () => {
    assert.equal(
      uploadMarkdown('a [b].png', '/user_uploads/1/ab/x/a-b.png'),
      '[a \\[b\\].png](/user_uploads/1/ab/x/a-b.png)',
    );
  });
});

describe('API: POST /user_uploads on older servers', function () {
  const servers = withServer({}, 'none');
  this.timeout(60_000);
  it('reads `uri` below feature level 272 and the older size error', async () => {
    const started = await servers.start({ featureLevel: 250 });
    const client = started.client(MEMBER);
    const server = started.server;
    const result = await uploadFile(client, { name: 'old.txt', data: bytes(5) });
    assert.match(result.url, /^\/user_uploads\/.+\/old\.txt$/);
    assert.equal(result.filename, 'old.txt', 'the given name when the server does not say');
    server.state.realm.settings.max_file_upload_size_mib = 1;
    const error = await apiError(uploadFile(client, { name: 'big.bin', data: bytes(MIB + 1) }), 'BAD_REQUEST');
    assert.equal(error.message, 'Uploaded file is larger than the allowed limit of 1 MiB');
  });
});
