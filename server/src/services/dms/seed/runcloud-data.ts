/**
 * What RunCloud reports about the demo hosting servers (SERVERS 0-5), as runcloud:sync would have stored it:
 * the services of RunCloud's nginx stack (every PHP-FPM version RunCloud installs, MariaDB, Redis, Memcached,
 * Beanstalk, Supervisor; Apache on the hybrid one), some stopped, with RunCloud's figures, and each server's
 * hardware and latest health. Deterministic, so the e2e suite's local RunCloud serves the same services.
 */

export interface DemoService {
  slug: string;
  realName: string;
  name: string;
  version: string;
  running: boolean;
  /** RunCloud's words ("54 MB", "0.0076%"); "Service stopped" when it is not running. */
  memory: string;
  cpu: string;
}

interface Base {
  slug: string;
  realName: string;
  name: string;
  version: string;
  mb: number;
  cpu: number;
}

const STACK: Base[] = [
  { slug: 'nginx', realName: 'nginx-rc', name: 'NGiNX', version: '1.25.3-1', mb: 54, cpu: 0.0076 },
  { slug: 'mariadb', realName: 'mysql', name: 'MariaDB', version: '1:10.11.8', mb: 412, cpu: 0.8122 },
  { slug: 'redis', realName: 'redis-server', name: 'Redis', version: '5:7.0.15', mb: 6.4, cpu: 0.18 },
  { slug: 'memcached', realName: 'memcached', name: 'Memcached', version: '1.6.14', mb: 3.1, cpu: 0.002 },
  { slug: 'beanstalk', realName: 'beanstalkd', name: 'Beanstalk', version: '1.12-2', mb: 1.2, cpu: 0.001 },
  { slug: 'supervisor', realName: 'supervisord', name: 'Supervisor', version: '4.2.1', mb: 19, cpu: 0.93 },
  { slug: 'php74rc', realName: 'php74rc-fpm', name: 'PHP 7.4 FPM', version: '7.4.33', mb: 96, cpu: 0.41 },
  { slug: 'php81rc', realName: 'php81rc-fpm', name: 'PHP 8.1 FPM', version: '8.1.29', mb: 188, cpu: 1.72 },
  { slug: 'php82rc', realName: 'php82rc-fpm', name: 'PHP 8.2 FPM', version: '8.2.24', mb: 264, cpu: 2.35 },
  { slug: 'php83rc', realName: 'php83rc-fpm', name: 'PHP 8.3 FPM', version: '8.3.12', mb: 142, cpu: 1.08 },
];
const APACHE: Base = {
  slug: 'httpd',
  realName: 'apache2-rc',
  name: 'HTTPD/Apache',
  version: '2.4.61',
  mb: 38,
  cpu: 0.0412,
};

/** Services each demo server has stopped (memcached and beanstalk are off on a fresh RunCloud server). */
const STOPPED: Record<number, string[]> = {
  0: ['memcached', 'beanstalkd'],
  1: ['beanstalkd'],
  2: ['memcached', 'beanstalkd'],
  3: ['redis-server', 'beanstalkd'],
  4: ['memcached'],
  5: ['supervisord', 'memcached', 'beanstalkd'],
};

const megabytes = (mb: number) => (mb >= 100 ? `${Math.round(mb)} MB` : `${Math.round(mb * 10) / 10} MB`);

/** The services of demo server `index` (SERVERS' order), in RunCloud's order. */
export function demoServices(index: number): DemoService[] {
  const stack = index === 4 ? [STACK[0]!, APACHE, ...STACK.slice(1)] : STACK;
  const stopped = new Set(STOPPED[index] ?? []);
  // Busier servers use more: a factor per server, so the figures differ from one to the next.
  const load = 0.7 + ((index * 37) % 10) / 10;
  return stack.map((s) => {
    const running = !stopped.has(s.realName);
    return {
      slug: s.slug,
      realName: s.realName,
      name: s.name,
      version: s.version,
      running,
      memory: running ? megabytes(s.mb * load) : 'Service stopped',
      cpu: running ? `${Math.round(s.cpu * load * 10_000) / 10_000}%` : 'Service stopped',
    };
  });
}

export interface DemoMachine {
  cores: number;
  memoryGb: number;
  diskGb: number;
  processor: string;
  kernel: string;
}

const MACHINES: DemoMachine[] = [
  {
    cores: 4,
    memoryGb: 15.62,
    diskGb: 160,
    processor: 'AMD EPYC-Rome Processor',
    kernel: '5.15.0-119-generic',
  },
  { cores: 2, memoryGb: 7.76, diskGb: 80, processor: 'AMD EPYC-Milan Processor', kernel: '6.8.0-45-generic' },
  { cores: 4, memoryGb: 7.76, diskGb: 120, processor: 'Intel Xeon E-2386G', kernel: '6.1.0-25-amd64' },
  { cores: 2, memoryGb: 3.84, diskGb: 80, processor: 'DO-Regular', kernel: '5.15.0-122-generic' },
  {
    cores: 4,
    memoryGb: 7.76,
    diskGb: 160,
    processor: 'Intel Core Processor (Skylake, IBRS)',
    kernel: '5.15.0-119-generic',
  },
  {
    cores: 1,
    memoryGb: 1.94,
    diskGb: 50,
    processor: 'AMD EPYC 7713 64-Core Processor',
    kernel: '6.1.0-25-amd64',
  },
];

/** RunCloud's hardware info and latest health of demo server `index` (hardware in GB, health in MB). */
export function demoMachine(index: number) {
  const m = MACHINES[index % MACHINES.length]!;
  const usedShare = 0.38 + ((index * 13) % 40) / 100;
  const diskShare = 0.22 + ((index * 17) % 50) / 100;
  const load = Math.round((0.08 + ((index * 29) % 90) / 100) * m.cores * 100) / 100;
  const freeGb = Math.round(m.memoryGb * (1 - usedShare) * 100) / 100;
  const diskFreeGb = Math.round(m.diskGb * (1 - diskShare) * 10) / 10;
  const totalMb = Math.round(m.memoryGb * 1024 * 10) / 10;
  const diskMb = m.diskGb * 1024;
  return {
    hardware: {
      kernelVersion: m.kernel,
      processorName: m.processor,
      totalCPUCore: m.cores,
      totalMemory: m.memoryGb,
      freeMemory: freeGb,
      diskTotal: m.diskGb,
      diskFree: diskFreeGb,
      loadAvg: load,
      uptime: `${120 + index * 311}h ${(index * 7) % 60}m 0s`,
    },
    health: {
      totalMemory: totalMb,
      availableMemory: Math.round(totalMb * (1 - usedShare) * 10) / 10,
      usedMemory: Math.round(totalMb * usedShare * 10) / 10,
      totalDiskSpace: diskMb,
      availableDiskSpace: Math.round(diskMb * (1 - diskShare) * 10) / 10,
      usedDiskSpace: Math.round(diskMb * diskShare * 10) / 10,
      loadAverage: load,
      updated_at: `${5 + index * 3} seconds ago`,
    },
  };
}
