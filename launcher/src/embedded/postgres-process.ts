import { spawn, type ChildProcess } from 'node:child_process';
import { PostgresSetupError, type PostgresAccount } from './postgres-account';

/** What the PostgreSQL programs get of the environment: none of this process's secrets, English messages. */
function programEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', ...(process.env.TZ ? { TZ: process.env.TZ } : {}) };
}

/** The last lines a program wrote, for the error that says why it stopped. */
function tail(output: string): string {
  return output.trim().split('\n').slice(-5).join('\n');
}

function couldNotRun(file: string, error: NodeJS.ErrnoException): PostgresSetupError {
  return new PostgresSetupError(
    `Could not run ${file} (${error.code ?? error.message})${error.code === 'EACCES' ? ': the user it runs as cannot reach it' : ''}.`,
  );
}

/** Runs a PostgreSQL program to its end (initdb); rejects with what it wrote when it fails. */
export function runProgram(file: string, args: string[], account: PostgresAccount | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(file, args, { ...account, cwd: '/', env: programEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.on('error', (error) => reject(couldNotRun(file, error)));
    proc.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${file} failed (${signal ?? `exit code ${code}`}):\n${tail(output)}`)),
    );
  });
}

export interface PostgresProcess {
  /** Ends every connection, rolls back what is open, checkpoints and exits (a fast shutdown); resolves once it has. */
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL server and resolves once it accepts connections. It runs in a process group of its
 * own, so a Ctrl+C in the terminal reaches only this process, which stops it after the requests in flight;
 * should this process end without stopping it, it is told to stop as this process exits.
 */
export function startPostgresProcess(
  postgres: string,
  args: string[],
  account: PostgresAccount | undefined,
  log: (line: string) => void,
): Promise<PostgresProcess> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = spawn(postgres, args, {
      ...account,
      cwd: '/',
      env: programEnv(),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let ready = false;
    let stopping = false;
    let output = '';
    const exited = new Promise<void>((done) => proc.once('close', () => done()));
    const onExit = () => proc.kill('SIGINT');
    process.once('exit', onExit);
    proc.stderr?.on('data', (chunk: Buffer) => {
      // Read to the end, so the server never waits on a full pipe; only the last lines are kept.
      output = (output + chunk.toString()).slice(-4096);
      if (!ready && output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve({
          stop: async () => {
            stopping = true;
            if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGINT');
            await exited;
            process.removeListener('exit', onExit);
          },
        });
      }
    });
    proc.on('error', (error) => {
      process.removeListener('exit', onExit);
      reject(couldNotRun(postgres, error));
    });
    proc.on('close', (code, signal) => {
      process.removeListener('exit', onExit);
      if (!ready)
        reject(
          new Error(`PostgreSQL stopped before it was ready (${signal ?? `exit code ${code}`}):\n${tail(output)}`),
        );
      else if (!stopping) log(`PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}): ${tail(output)}`);
    });
  });
}
