// Preloaded into a gateway process by the issue bench (BENCH_CPU_PROF=dir): a CPU profile of the main thread
// from start to exit, written as <dir>/gateway-<pid>.cpuprofile (open it in Chrome DevTools or speedscope).
// (--cpu-prof itself is not allowed in NODE_OPTIONS.)
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.CPU_PROFILE_DIR;
if (dir && isMainThread) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(`${dir}/gateway-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
