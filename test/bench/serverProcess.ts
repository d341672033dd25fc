import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';

export interface ServerProcess {
  url: string;
  accounts: { email: string; apiKey: string; userId: number; role: number; fullName: string }[];
  stop(): void;
}

/**
 * Starts the local chat server in its own process (`cli.js --json`), so that on a 2-core machine
 * the server and the client under test do not share one event loop.
 */
export function startServerProcess(args: string[] = []): Promise<ServerProcess> {
  const cli = path.join(__dirname, '..', 'server', 'cli.js');
  const child: ChildProcess = spawn(process.execPath, [cli, '--json', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('server process did not start in 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      const info = JSON.parse(line) as Omit<ServerProcess, 'stop'>;
      resolve({ ...info, stop: () => child.kill('SIGTERM') });
    });
  });
}
