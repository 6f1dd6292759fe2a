import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

type Id = string | number;

const requestId = (m: JSONRPCMessage): Id | undefined =>
  "method" in m && "id" in m ? (m.id as Id) : undefined;
const responseId = (m: JSONRPCMessage): Id | undefined =>
  ("result" in m || "error" in m) && "id" in m ? (m.id as Id) : undefined;

/**
 * The SDK's stdio transport, which also knows which requests are still unanswered, so a stop
 * can let them finish: `printf '...' | svc-mcp` still gets its answers after stdin ends, and a
 * SIGTERM does not cut off a document being rendered. Once draining, it takes no new request.
 */
export class DrainingStdioTransport extends StdioServerTransport {
  private readonly pending = new Set<Id>();
  private draining = false;
  private idle: (() => void) | undefined;
  /**
   * The end of stdin does not close the transport here (the SDK's would, and drop the answers
   * still owed): the server's owner sees stdin end, drains, then closes (`serveStdio`).
   */
  override _onstdinclose = (): void => {};
  /** Called once the transport has closed (whoever closed it), after the SDK's own handler. */
  onClosed: (() => void) | undefined;

  /** Wraps the handlers the SDK's stdio entry sets before it starts the transport. */
  override async start(): Promise<void> {
    const closed = this.onclose;
    this.onclose = () => {
      closed?.();
      this.onClosed?.();
    };
    const receive = this.onmessage;
    this.onmessage = (message) => {
      const id = requestId(message);
      if (id !== undefined) {
        if (this.draining) return;
        this.pending.add(id);
      }
      receive?.(message);
    };
    await super.start();
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    await super.send(message);
    const id = responseId(message);
    if (id !== undefined && this.pending.delete(id) && this.pending.size === 0) this.idle?.();
  }

  /** Takes no new request, and resolves once every request taken has been answered. */
  drain(): Promise<void> {
    this.draining = true;
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idle = resolve;
    });
  }
}
