import type { Logger } from '@nestjs/common';

/**
 * A job's passes: one now and every `everyMs`, or at once when kicked (a kick during a pass runs one more
 * right after it), never two at a time; `stop()` ends the timer and waits for the pass in progress, which
 * looks at `stopped` to end early. A failed pass is logged and the next one tries again.
 */
export class RepeatingPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private halted = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly everyMs: number,
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Starts a pass now (or right after the one in progress). */
  kick(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.logger.error(`${this.failure}: ${errorText(error)}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }
}

/** An error's message, for a log line. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
