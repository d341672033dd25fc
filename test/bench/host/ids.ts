/** The extensions the activation bench's host probe activates, in this order: the warm-up, the baseline, ours (test/bench/baseline.ts writes them). */
export const BENCH_EXTENSIONS = {
  warmup: 'team-chat-bench.warmup',
  baseline: 'team-chat-bench.baseline',
  ours: 'team-chat.team-chat',
} as const;
