/**
 * A real WordPress on loopback for the WordPress suite: Debian's `wordpress` package copied to
 * a temporary directory, MariaDB on a socket there, `php -S` on a free port, both as their own
 * non-root users when run as root (`mysql`, `www-data`), and the plugin of `site/enquiries.php`
 * implementing the spec's two routes. Installs nothing: where a piece is missing, `missing()`
 * says which (`system-tools.ts` looks for each), and the suite skips. Every process it starts is stopped by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { freePort, idsOf, run, stopGroup, waitFor } from '../fixtures/local-servers.ts';
import { lacking, toolPath } from '../fixtures/system-tools.ts';

const SITE_FILES = join(import.meta.dirname, 'site');

/** What this machine lacks for the suite, or undefined when it has everything. */
export function missing(): string | undefined {
  return lacking('the proxy against a real WordPress', 'wordpress', 'mariadbd', 'php');
}

/** What the WordPress of the suite can be asked and told. */
export interface WordPressSite {
  url: string;
  /** Where uploads land (`wp-content/uploads`). */
  uploads: string;
  /** Runs `site/manage.php` as the site's user: `permalinks plain`, `plugin off`, ... */
  manage(...args: string[]): Promise<Record<string, unknown>>;
  /** A user with a role and an application password (returned with its spaces). */
  userWithApplicationPassword(login: string, role: string): Promise<string>;
  /** Switches on the plugin's quirks (`php-warnings`, `application_passwords_disabled`). */
  quirks(...names: string[]): void;
  /** The database unreachable for WordPress ("Error establishing a database connection"). */
  databaseDown(down: boolean): void;
  /** Rows of a query on the WordPress database, tab-separated columns. */
  query(sql: string): Promise<string[][]>;
  stop(): Promise<void>;
}

/** Starts MariaDB, installs WordPress with the plugin, and serves it. */
export async function startWordPress(): Promise<WordPressSite> {
  const dir = mkdtempSync('/tmp/enquiry-wordpress-');
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopGroup(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const socket = await startMariaDb(dir, children);
    const web = await idsOf('www-data');
    const root = join(dir, 'wordpress');
    cpSync(toolPath('wordpress'), root, { recursive: true, verbatimSymlinks: true });
    cpSync(
      join(SITE_FILES, 'enquiries.php'),
      join(root, 'wp-content/plugins/enquiries/enquiries.php'),
    );
    for (const file of ['router.php', 'manage.php'])
      cpSync(join(SITE_FILES, file), join(dir, file));
    writeFileSync(join(root, 'wp-config.php'), wpConfig(socket, dir));
    await run('chown', ['-R', `${web.uid}:${web.gid}`, root]).catch(() => undefined);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { ...process.env, WORDPRESS_ROOT: root, WORDPRESS_URL: url };
    const php = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', root, join(dir, 'router.php')], {
      env: { ...env, PHP_CLI_SERVER_WORKERS: '4' },
      ...web,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(php);
    php.stderr.on('data', (chunk: Buffer) => {
      if (process.env.WORDPRESS_SUITE_DEBUG) process.stderr.write(chunk);
    });
    await waitFor(() => fetch(`${url}/wp-includes/css/buttons.css`), 'php -S');

    const manage = async (...args: string[]) => {
      const { stdout } = await run('php', [join(dir, 'manage.php'), ...args], { env, ...web });
      return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
    };
    await manage('install');
    await manage('plugin', 'on');
    await manage('permalinks', 'pretty');
    return {
      url,
      uploads: join(root, 'wp-content/uploads'),
      manage,
      userWithApplicationPassword: async (login, role) => {
        const made = await manage('user', login, role, randomBytes(12).toString('hex'));
        return String(made.applicationPassword);
      },
      quirks: (...names) => {
        writeFileSync(join(dir, 'quirks.json'), JSON.stringify(names), { mode: 0o644 });
      },
      databaseDown: (down) => {
        if (down) writeFileSync(join(dir, 'db-down'), '');
        else rmSync(join(dir, 'db-down'), { force: true });
      },
      query: async (sql) => {
        const { stdout } = await run('mariadb', [
          '--no-defaults',
          '-S',
          socket,
          '-u',
          'root',
          '-N',
          '-B',
          'wordpress',
          '-e',
          sql,
        ]);
        return stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('\t'));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** MariaDB on a socket in `dir` (no TCP port at all), with an empty `wordpress` database. */
async function startMariaDb(dir: string, children: ChildProcess[]): Promise<string> {
  const data = join(dir, 'db');
  // The socket in a directory of its own that the web server's user may pass through.
  const sockets = join(dir, 'run');
  const socket = join(sockets, 'mysqld.sock');
  const asRoot = process.getuid?.() === 0;
  const mysql = await idsOf('mysql');
  chmodSync(dir, 0o755);
  for (const each of [data, sockets]) {
    mkdirSync(each, { mode: 0o755 });
    if (asRoot) chownSync(each, mysql.uid, mysql.gid);
  }
  const user = asRoot ? ['--user=mysql'] : [];
  await run('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${data}`,
    ...user,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  const server = spawn(
    toolPath('mariadbd'),
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${socket}`,
      '--skip-networking',
      `--pid-file=${join(data, 'mariadb.pid')}`,
      '--innodb-buffer-pool-size=32M',
      '--skip-log-bin',
      ...user,
    ],
    { stdio: 'ignore', detached: true },
  );
  children.push(server);
  const client = ['--no-defaults', '-S', socket, '-u', 'root'];
  await waitFor(() => run('mariadb-admin', [...client, 'ping']), 'MariaDB');
  await run('mariadb', [
    ...client,
    '-e',
    "CREATE DATABASE wordpress; CREATE USER 'wp'@'localhost' IDENTIFIED BY 'wp-pass'; GRANT ALL ON wordpress.* TO 'wp'@'localhost';",
  ]);
  return socket;
}

/** The site's configuration: the database's socket (or none, while it is "down"). */
function wpConfig(socket: string, dir: string): string {
  const salts = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ]
    .map((name) => `define('${name}', '${randomBytes(24).toString('hex')}');`)
    .join('\n');
  return `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wp');
define('DB_PASSWORD', 'wp-pass');
define('DB_HOST', file_exists('${dir}/db-down') ? 'localhost:${dir}/no-such.sock' : 'localhost:${socket}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${salts}
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_DEBUG', false);
define('ENQUIRIES_TEST_QUIRKS', '${dir}/quirks.json');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`;
}
