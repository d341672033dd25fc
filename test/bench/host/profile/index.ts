// The extension bench's profiled host (test/bench/extension.ts): the host probe with a CPU profile
// of ours from activation to its core's ready() (see ../index.ts).
import { probe } from '..';

export function run(): Promise<void> {
  return probe(true);
}
