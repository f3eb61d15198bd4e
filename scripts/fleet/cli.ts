// npm run fleet -- [--instances 2] [--port 8080] [--host 127.0.0.1] [--print-nginx-config]
// A fleet on this machine (scripts/fleet/fleet.ts): N instances in development mode over a
// PostgreSQL database, a Redis key prefix and an S3-compatible bucket of their own, behind nginx on
// PORT. Ctrl-C stops everything and removes the database, keys and bucket; SIGHUP
// (`kill -HUP <pid>`) restarts every instance in turn without dropping a request.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fleetMetricsToken, instancePorts, startFleet } from './fleet.ts';
import { nginxConfig } from './nginx-config.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    // The configuration the fleet would run nginx with, to start a production one from.
    'print-nginx-config': { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('fleet: --instances must be a whole number from 1 to 16');
  process.exit(2);
}
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('fleet: --port must be a port number');
  process.exit(2);
}

if (values['print-nginx-config']) {
  const upstreams = instancePorts(port, instances).map((instancePort) => ({
    port: instancePort,
    down: false,
  }));
  process.stdout.write(nginxConfig({ prefix: '/var/lib/kwarta-nginx', host: values.host, port, upstreams }));
  process.exit(0);
}

const log = (line: string) => console.log(`fleet: ${line}`);
// As npm start does: the instances serve the web app from its build.
if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const metrics = fleetMetricsToken(process.env);
if (metrics.generated) log(`METRICS_TOKEN (made for this run, set it to keep one): ${metrics.token}`);
const fleet = await startFleet({
  instances,
  port,
  host: values.host,
  appEnv: 'development',
  log,
  env: { METRICS_TOKEN: metrics.token },
}).catch((error: unknown) => {
  // The fleet's own refusals (a port in use, no nginx or Redis) are one sentence; anything else is a bug.
  console.error(error instanceof Error && error.message.startsWith('fleet: ') ? error.message : error);
  process.exit(1);
});
log(
  `ready: ${fleet.url}/testPreview (pid ${process.pid}; Ctrl-C stops, kill -HUP ${process.pid} restarts in turn)`,
);
log(`access log: ${fleet.accessLog}`);

let restarting = false;
process.on('SIGHUP', () => {
  if (restarting) return;
  restarting = true;
  fleet
    .rollingRestart()
    .then(
      () => log('rolling restart done'),
      (error: unknown) => log(`rolling restart failed: ${String(error)}`),
    )
    .finally(() => (restarting = false));
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    log('stopping…');
    fleet.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
