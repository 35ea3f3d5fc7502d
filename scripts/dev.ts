/** `npm run dev`: the API with reload on change, and Vite's dev server (proxying /api) on :5173. */
import { spawn } from 'node:child_process';

const children = [
  spawn('tsx', ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: '/nonexistent' },
  }),
  spawn('vite', ['apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (code ? (stop(), process.exit(code)) : undefined));
