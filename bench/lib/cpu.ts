import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU time of processes from /proc (Linux): where a load's CPU went, per process group. On a machine the load
 * saturates, throughput only says that something got slower; the CPU a request costs in each process says
 * which (bench/README.md "Alarm pipeline").
 */

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

type ProcCpu = { pid: number; comm: string; ms: number };

/** utime + stime of one process in ms, with its command name; null when it is gone. */
function procCpu(pid: number): ProcCpu | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name is in parentheses and may hold spaces: the fields count from the last ')'
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { pid, comm, ms: (ticks * 1000) / ticksPerSecond };
  } catch {
    return null;
  }
}

function allProcs(): ProcCpu[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => procCpu(Number(d)))
    .filter((p): p is ProcCpu => p !== null);
}

export type CpuSplit = { server: number; postgres: number; bench: number };

/**
 * CPU ms spent between start() and stop() by the server process, by every `postgres` process (backends that
 * started meanwhile count whole; those that ended meanwhile are lost, so connections should be pooled) and by
 * this process (the load generator).
 */
export function cpuMeter(serverPid: number): { stop: () => CpuSplit } {
  const before = new Map(allProcs().map((p) => [p.pid, p]));
  const self = process.cpuUsage();
  return {
    stop: () => {
      const spent = (p: ProcCpu) => p.ms - (before.get(p.pid)?.ms ?? 0);
      const now = allProcs();
      const used = process.cpuUsage(self);
      return {
        server: now.filter((p) => p.pid === serverPid).reduce((a, p) => a + spent(p), 0),
        postgres: now.filter((p) => p.comm === 'postgres').reduce((a, p) => a + spent(p), 0),
        bench: (used.user + used.system) / 1000,
      };
    },
  };
}
