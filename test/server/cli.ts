import { startServer } from './index';

const ROLE_NAMES: Record<number, string> = {
  100: 'owner',
  200: 'admin',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v === undefined || v.startsWith('--') ? '' : v;
}

async function main(): Promise<void> {
  const org = flag('org');
  const names = flag('names');
  const server = await startServer({
    port: flag('port') ? Number(flag('port')) : 0,
    organization: org === 'large' ? 'large' : 'demo',
    featureLevel: flag('feature-level') ? Number(flag('feature-level')) : undefined,
    names: names === 'zulip' ? 'zulip' : 'chat',
    // `--long-topic 10000`: a topic "long conversation" in the first channel with that many messages.
    seedTopic: flag('long-topic') ? { topic: 'long conversation', count: Number(flag('long-topic')) } : undefined,
  });
  if (flag('json') !== undefined) {
    process.stdout.write(JSON.stringify({ url: server.url, accounts: server.accounts }) + '\n');
  } else {
    process.stdout.write(`Team Chat test server running at ${server.url} (API: ${server.url}/api/v1)\n\n`);
    const rows = server.accounts.map((a) => [a.email, a.apiKey, ROLE_NAMES[a.role] ?? String(a.role), a.fullName]);
    const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c].length), 8));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
    process.stdout.write(
      line(['email', 'api key', 'role', 'name']) + '\n' + rows.map(line).join('\n') + '\n\nPress Ctrl-C to stop.\n',
    );
  }
  const shutdown = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  process.stderr.write(String(err) + '\n');
  process.exit(1);
});
