import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

/**
 * The stdio transport of the proxy's one connection, saying when the connection itself closed:
 * its input ended (the client closed stdin, and the requests read before were answered) or its
 * output failed. The SDK's stdio entry may connect more than one server instance to it: a client
 * that probes with `server/discover` and then sends `initialize` on the same pipe is served by a
 * 2026-07-28 instance, which the entry discards (closes) when `initialize` comes, then by a 2025
 * one. An instance closing is no reason to stop the proxy; the connection closing is.
 */
export class ConnectionTransport extends StdioServerTransport {
  /** Called once the transport has closed (whoever closed it), after the SDK entry's handler. */
  onClosed: (() => void) | undefined;

  /** Wraps the close handler the SDK's stdio entry sets before it starts the transport. */
  override async start(): Promise<void> {
    const closed = this.onclose;
    this.onclose = () => {
      closed?.();
      this.onClosed?.();
    };
    await super.start();
  }
}
