// `npm run dev`: the gateway (API, locales, embedded database) on :8080 and Vite with hot reload on :5173,
// proxying /api, /auth and /locales to the gateway. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], { stdio: 'inherit', env: { ...process.env } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env } }),
];
const stop = () => { for (const c of children) if (c.exitCode === null) c.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
