/**
 * The proxy as a child process for the Vitest suites (`../fixtures/proxy-child.ts` starts it):
 * every child a file starts is killed, by its PID, when the file ends.
 */
import { afterAll } from 'vitest';
import { spawnProxy, type ProxyProcess } from '../fixtures/proxy-child.ts';

export { kill, waitFor, type LogEntry, type ProxyProcess } from '../fixtures/proxy-child.ts';

const running = new Set<ProxyProcess>();
afterAll(() => {
  for (const proxy of running) proxy.child.kill('SIGKILL');
});

/**
 * Starts a proxy with `env` (on top of this process's environment). `before`, when given, is
 * JavaScript run in the child first, with `process` in scope (to plant a stale lock, say).
 */
export function startProxyProcess(env: Record<string, string>, before?: string): ProxyProcess {
  const proxy = spawnProxy(env, before === undefined ? {} : { before });
  running.add(proxy);
  void proxy.exited.then(() => running.delete(proxy));
  return proxy;
}
