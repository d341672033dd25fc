import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';

export interface ServerProcess {
  url: string;
  accounts: { email: string; apiKey: string; userId: number; role: number; fullName: string }[];
  stop(): void;
}

const TASKSET = '/usr/bin/taskset';

/**
 * Where `taskset` exists and there are two cores or more, pins this process to the first core and
 * returns the core for the server; a way back to all cores comes with it. Two processes each on a
 * core of their own are not moved around by the scheduler, which steadies the rates measured.
 */
export function pinCores(): { serverCore: string | undefined; release(): void } {
  const cores = os.availableParallelism();
  if (cores < 2 || !fs.existsSync(TASKSET)) return { serverCore: undefined, release: () => undefined };
  execFileSync(TASKSET, ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
  return {
    serverCore: '1',
    release: () => execFileSync(TASKSET, ['-cp', `0-${cores - 1}`, String(process.pid)], { stdio: 'ignore' }),
  };
}

/**
 * Starts the local chat server in its own process (`cli.js --json`), so that on a 2-core machine
 * the server and the client under test do not share one event loop; on `core` when given.
 */
export function startServerProcess(args: string[] = [], core?: string): Promise<ServerProcess> {
  const cli = path.join(__dirname, '..', 'server', 'cli.js');
  const command = [process.execPath, cli, '--json', '--port', '0', ...args];
  const child: ChildProcess = core
    ? spawn(TASKSET, ['-c', core, ...command], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
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
