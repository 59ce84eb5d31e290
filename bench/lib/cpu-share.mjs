// Where the machine's CPU goes during a load run: the busy time of the whole machine (/proc/stat)
// and of PostgreSQL's processes (every `postgres` process, /proc/<pid>/stat), per request answered.
// On two shared cores the requests per second of a database-bound route say little on their own;
// "database CPU per request" says which side a hot path spends, and compares with the reference
// route's in the same run. A backend that ends during the run takes its time with it (the pools
// here keep theirs open). Linux only; elsewhere the figures are null.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function machineBusyTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return user + nice + system + irq + softirq + steal;
}

/** CPU ticks of every PostgreSQL process, by process id. */
function databaseTicks() {
  const ticks = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

/** Ticks spent since `before` by the processes alive now (a backend that ended meanwhile is lost). */
function spentSince(before) {
  let spent = 0;
  for (const [pid, ticks] of databaseTicks()) spent += ticks - (before.get(pid) ?? 0);
  return spent;
}

/** Starts measuring; `stop(requests)` answers milliseconds of CPU per request, or null figures. */
export function cpuMeter() {
  if (!existsSync('/proc/stat')) return { stop: () => ({ machineMs: null, databaseMs: null }) };
  const machine = machineBusyTicks();
  const database = databaseTicks();
  return {
    stop(requests) {
      const per = (ticks) => (requests > 0 ? Number(((ticks * TICK_MS) / requests).toFixed(3)) : null);
      return { machineMs: per(machineBusyTicks() - machine), databaseMs: per(spentSince(database)) };
    },
  };
}
