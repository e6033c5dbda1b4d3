/**
 * One timer for every connection: each beat serialises one `ping` and writes the same bytes to all
 * (a `: ping` comment on SSE). A connection's first ping comes within one interval of connecting.
 */
export class Heartbeat {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly beat: () => void,
  ) {}

  start(): void {
    this.stop();
    this.timer = setInterval(this.beat, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
