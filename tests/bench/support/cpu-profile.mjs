// Preloaded into a gateway process by the issue bench (BENCH_CPU_PROF=dir): a CPU profile of the main thread,
// written as <dir>/gateway-<pid>[-<n>].cpuprofile (open it in Chrome DevTools or speedscope; or
// `node tests/bench/support/profile-top.mjs <file>`). By default from start to exit; with CPU_PROFILE_ON_SIGNAL=1
// only between two SIGUSR2 (the bench sends them around each issuing phase), one file per window.
// (--cpu-prof itself is not allowed in NODE_OPTIONS.)
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.CPU_PROFILE_DIR;
// the processes the gateway starts inherit NODE_OPTIONS: only the gateway itself is profiled
delete process.env.CPU_PROFILE_DIR;
if (dir && isMainThread) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  let running = false;
  let n = 0;
  const start = () => {
    session.post('Profiler.start');
    running = true;
  };
  const stop = () => {
    running = false;
    const name = `${dir}/gateway-${process.pid}${n ? `-${n}` : ''}.cpuprofile`;
    n += 1;
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(name, JSON.stringify(result.profile));
    });
  };
  if (process.env.CPU_PROFILE_ON_SIGNAL) {
    n = 1;
    process.on('SIGUSR2', () => (running ? stop() : start()));
  } else {
    start();
    process.on('exit', () => running && stop());
  }
}
