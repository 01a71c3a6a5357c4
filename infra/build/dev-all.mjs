// `npm run dev`: the API and every frontend dev server (hot reload), each on its own port.
// The API's /remotes.json points the shell at the remotes' dev servers.
import { spawn } from 'node:child_process';
import { REMOTES, SHELL_DEV_PORT, API_PORT } from './remotes.mjs';

const remoteUrls = Object.fromEntries(
  Object.entries(REMOTES).map(([name, { devPort }]) => [`REMOTE_${name.toUpperCase()}_URL`, `http://localhost:${devPort}/mf-manifest.json`]),
);

const processes = [
  { label: 'api', args: ['run', 'dev', '-w', '@deals/api'], env: { DEMO_DATA: process.env.DEMO_DATA ?? 'true', ...remoteUrls } },
  { label: 'shell', args: ['run', 'dev', '-w', '@deals/shell'] },
  ...Object.entries(REMOTES).map(([name, { folder }]) => ({ label: name, args: ['run', 'dev', '-w', `@deals/${folder}`] })),
];

const children = processes.map(({ label, args, env }) => {
  const child = spawn('npm', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}]`.padEnd(16);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) console.log(prefix, line);
    });
  }
  child.on('exit', (code) => console.log(prefix, `exited with ${code}`));
  return child;
});

console.log(`Shell: http://localhost:${SHELL_DEV_PORT}  API: http://localhost:${API_PORT}/api  Remotes: ${Object.entries(REMOTES).map(([n, r]) => `${n} :${r.devPort}`).join(', ')}`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
