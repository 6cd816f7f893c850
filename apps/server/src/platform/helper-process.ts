import fs from 'node:fs';
import net from 'node:net';

/*
 * What the servers PaiClass starts beside itself (nginx-rtmp for lives, coturn for meetings) share:
 * whether their port answers, and stopping one an earlier run of the same data folder left behind.
 */

/** Whether something accepts connections on the port (a wildcard address is asked on loopback). */
export function portOpen(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: host === '0.0.0.0' ? '127.0.0.1' : host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A process of an earlier run of this data folder that outlived its PaiClass (killed hard), named by
 * its pid file: stopped when its command line is still the server's (`isOurs`), never a pid reused by
 * something else. True when one was stopped.
 */
export function stopLeftOver(pidFile: string, isOurs: (cmdline: string) => boolean) {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (pid > 1 && isOurs(cmdline)) {
      process.kill(pid, 'SIGTERM');
      return true;
    }
  } catch {}
  return false;
}
