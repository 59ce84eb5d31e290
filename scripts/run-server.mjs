// Runs the server in the foreground (npm start): `node <args>` as a child process with the
// terminal, each signal of SIGINT and SIGTERM passed on to it once, and its exit code as ours.
// A process group's signal (systemd's stop, Ctrl-C at a terminal) reaches the server directly as
// well: it takes the same signal twice as one (apps/server/src/shutdown.ts), and npm, which passes
// the signal on to us too, does not make us send it a third time.
import { spawn } from 'node:child_process';

export function runServer(args) {
  const server = spawn(process.execPath, args, { cwd: process.cwd(), stdio: 'inherit' });
  const passedOn = new Set();
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      if (passedOn.has(signal)) return;
      passedOn.add(signal);
      server.kill(signal);
    });
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return server;
}
