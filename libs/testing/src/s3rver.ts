import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { onProcessExit } from './exit-cleanup';
import { uniqueName } from './unique-name';

export interface TestS3Server {
  /** Host name to give an S3 client (without scheme or port). */
  endpoint: string;
  port: number;
  /** `http://<endpoint>:<port>` */
  url: string;
  accessKey: string;
  secretKey: string;
  /** A unique bucket name for this server; created only when `createBucket` was asked for. */
  bucket: string;
  /** Closes the server and removes its files. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartS3rverOptions {
  /** Create `bucket` before returning (by default the code under test creates it). */
  createBucket?: boolean;
  /**
   * Run the server in a process of its own, so that what it holds (the bodies it receives) does not count in the
   * test process's memory: for tests that measure the memory of the code under test.
   */
  ownProcess?: boolean;
}

/** Starts S3rver in the child process: its folder and buckets in argv, its port printed as one JSON line. */
const CHILD_SCRIPT = `
const S3rver = require(${JSON.stringify(require.resolve('s3rver'))});
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: bucket ? [{ name: bucket }] : [] })
  .run()
  .then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'))
  .catch((error) => { console.error(error); process.exit(1); });
process.on('disconnect', () => process.exit(0));
`;

/** Starts an S3-compatible server on a random loopback port, storing its files in a fresh temp folder. */
export async function startS3rver(options: StartS3rverOptions = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'kcf-s3rver-'));
  const bucket = uniqueName('kcf-test');
  if (options.ownProcess) return await startInChild(directory, bucket, options);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: options.createBucket ? [{ name: bucket }] : [],
  });
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const forget = onProcessExit(() => rmSync(directory, { recursive: true, force: true }));
  return listening(address.port, bucket, async () => {
    server.httpServer?.closeAllConnections();
    await server.close();
    await rm(directory, { recursive: true, force: true });
    forget();
  });
}

/** The server at `port` as a test sees it; `close` runs on the first `stop()` only. */
function listening(port: number, bucket: string, close: () => Promise<void>): TestS3Server {
  let stopped = false;
  return {
    endpoint: '127.0.0.1',
    port,
    url: `http://127.0.0.1:${port}`,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket,
    async stop() {
      if (stopped) return;
      stopped = true;
      await close();
    },
  };
}

async function startInChild(directory: string, bucket: string, options: StartS3rverOptions): Promise<TestS3Server> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-e', CHILD_SCRIPT, directory, options.createBucket ? bucket : ''],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const forget = onProcessExit(() => {
    child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  });
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      let text = '';
      child.stdout?.on('data', (data: Buffer) => {
        text += data.toString();
        const line = text.split('\n')[0];
        if (text.includes('\n')) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before it listened`)));
      child.once('error', reject);
    });
  } catch (error) {
    child.kill('SIGKILL');
    await rm(directory, { recursive: true, force: true });
    forget();
    throw error;
  }
  return listening(port, bucket, async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
    forget();
  });
}
