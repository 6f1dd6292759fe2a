import type { Jwks } from "@svc/attestations";
import type { BasedHistory } from "@svc/montecarlo";
import type {
  BatchScreenResult,
  ListedParty,
  PartyHistory,
  ScreenOptions,
  ScreenResult,
  SourceFreshness,
} from "@svc/ofac-index";
import type {
  BodyRenderResult,
  DocumentType,
  RenderedDocument,
  RenderOptions,
  RenderRequest,
  RenderTicket,
} from "@svc/renderers/pool";
import type { Report } from "@svc/report-model";
import type { MonitorDeps } from "../operations/monitoring/monitor-deps.js";

/**
 * What the operations need from outside, supplied by the app (the HTTP API, the MCP server, a
 * script). All I/O sits behind these: the operations themselves are pure composition.
 */
export interface ComplianceDeps {
  /**
   * The list screened against: the service's `ListLoader` (or an `SdnIndex`). Without a loaded
   * list it throws `LIST_UNAVAILABLE`: screening fails closed, it never answers "clear".
   */
  readonly list: {
    screen(address: string, options?: ScreenOptions): ScreenResult;
    screenMany(addresses: readonly string[], options?: ScreenOptions): BatchScreenResult;
    freshness(): SourceFreshness;
    /** The SDN List party of an entry or profile id, or null (wallets linked to parties). */
    party?(id: string): ListedParty | null;
  };
  /**
   * The list's history for the exposure forecast and the queue: stored-edition differences when
   * a snapshot store has enough editions, else the embedded community-mirror history
   * (`EMBEDDED_DCA_HISTORY` of @svc/ofac-index).
   */
  readonly history: () => BasedHistory;
  /**
   * Per party, its addition history (wallets linked to a party): stored-edition differences when
   * the store has enough editions, else (when omitted too) `EMBEDDED_PARTY_HISTORY`.
   */
  readonly partyHistory?: () => PartyHistory;
  /**
   * Renders a normalized report (the app passes its worker pool's `render`). `options.signal`
   * abandons the render when the run's deadline passes (`RENDER_ABORTED`); a renderer that
   * cannot stop early may ignore it, the deadline is enforced around the run regardless.
   */
  /**
   * The service's published key set (its `/.well-known/jwks.json`: the current key and the
   * retired ones). The document routes verify a report's attached attestation with it: a
   * report whose attestation verifies and matches its tables is printed as verified, any other
   * as the caller's content. Absent where the service signs nothing: then nothing verifies.
   */
  readonly attestationKeys?: Jwks | undefined;
  readonly render: (
    type: DocumentType,
    report: Report,
    options?: RenderOptions,
  ) => Promise<RenderedDocument>;
  /**
   * Admits a render before its input is validated (the pool's `admit`): a ticket the run passes
   * to `render`, or a `RenderError` thrown when the renderer cannot take it in time. Without it,
   * renders are admitted by `render` alone.
   */
  readonly admitRender?: ((request: RenderRequest) => RenderTicket) | undefined;
  /**
   * Renders a request body whose validation and parse run on the render worker (the pool's
   * `renderBody`, its preparer the document operations' `prepareDocumentBody`): the document, or
   * the refusal the worker made of the body. `cells` is the admission's count. Without it, every
   * body is validated on the calling thread.
   */
  readonly renderBody?:
    | ((
        type: DocumentType,
        body: unknown,
        options: RenderOptions & { readonly cells: number },
      ) => Promise<BodyRenderResult>)
    | undefined;
  /**
   * Where the hosted service keeps wallet monitors (its ledger's database) and whether it would
   * deliver to a webhook. Absent in a library or an offline server: monitors are refused there.
   */
  readonly monitors?: MonitorDeps | undefined;
}
