/* Generated from sdk/protocol.json by `python -m sdk.tooling.protocol`: do not edit. */

declare namespace ServiceProtocol {
  type SdkChannel = "service-sdk";
  type CheckoutChannel = "service-checkout";
  type Row = [number, string, ...(string | false)[]];
  type Answer = [number, string, string, number];
  type Level = 'error' | 'warn' | 'info';
  type StartReason = { code: string; message: string };

  /** The loader to the bridge's worker (relayed by the bridge page), on the sdk channel. */
  interface PageMessageElements {
    type: "elements";
    channel?: "service-sdk";
    added: Row[];
    changed: Row[];
    removed: number[];
  }
  interface PageMessageAdopt {
    type: "adopt";
    channel?: "service-sdk";
    elements: Row[];
    answers: Answer[];
    shown: number[];
    hidden: number[];
  }
  interface PageMessageStarted {
    type: "started";
    channel?: "service-sdk";
  }
  interface PageMessageButton {
    type: "button";
    channel?: "service-sdk";
    call: number;
    options: unknown;
  }
  interface PageMessageQueryResult {
    type: "query-result";
    channel?: "service-sdk";
    call: number;
    ids?: number[];
    error?: string;
  }
  interface PageMessageCheckout {
    type: "checkout";
    channel?: "service-sdk";
    checkout: number;
    checkout_id: unknown;
    callbacks: string[];
  }
  interface PageMessageCheckoutEvent {
    type: "checkout-event";
    channel?: "service-sdk";
    checkout: number;
    event: CheckoutMessage;
  }
  type PageMessage = PageMessageElements | PageMessageAdopt | PageMessageStarted | PageMessageButton | PageMessageQueryResult | PageMessageCheckout | PageMessageCheckoutEvent;
  type PageMessageHandlers = { [K in PageMessage["type"]]: (message: Extract<PageMessage, { type: K }>) => void };

  /** The bridge to the loader, on the sdk channel: first from the bridge page, the others from the worker. */
  interface BridgeMessageFirst {
    type: "first";
    channel?: "service-sdk";
    commands: Command[];
  }
  interface BridgeMessageReady {
    type: "ready";
    channel?: "service-sdk";
  }
  interface BridgeMessageVerified {
    type: "verified";
    channel?: "service-sdk";
  }
  interface BridgeMessageFailed {
    type: "failed";
    channel?: "service-sdk";
    message: string;
    code?: string;
  }
  interface BridgeMessageCommands {
    type: "commands";
    channel?: "service-sdk";
    commands: Command[];
  }
  type BridgeMessage = BridgeMessageFirst | BridgeMessageReady | BridgeMessageVerified | BridgeMessageFailed | BridgeMessageCommands;
  type BridgeMessageHandlers = { [K in BridgeMessage["type"]]: (message: Extract<BridgeMessage, { type: K }>) => void };

  /** What the loader carries out on the merchant page, in the commands of first and commands. */
  interface CommandConsole {
    op: "console";
    level: Level;
    message: string;
    id?: number;
  }
  interface CommandHide {
    op: "hide";
    ids: number[];
    reason: string;
  }
  interface CommandShow {
    op: "show";
    ids: number[];
  }
  interface CommandResolve {
    op: "resolve";
    call: number;
    value: boolean;
  }
  interface CommandReject {
    op: "reject";
    call: number;
    message: string;
  }
  interface CommandQuery {
    op: "query";
    call: number;
    selector: string;
  }
  interface CommandOpenOverlay {
    op: "open_overlay";
    checkout: number;
    url: string;
    label: string;
    close_label: string;
  }
  interface CommandCloseOverlay {
    op: "close_overlay";
    checkout: number;
  }
  interface CommandOverlayLoaded {
    op: "overlay_loaded";
  }
  interface CommandCallback {
    op: "callback";
    checkout: number;
    name: string;
    args?: unknown[];
  }
  interface CommandNavigate {
    op: "navigate";
    url: string;
  }
  interface CommandForgetCheckout {
    op: "forget_checkout";
    checkout: number;
  }
  type Command = CommandConsole | CommandHide | CommandShow | CommandResolve | CommandReject | CommandQuery | CommandOpenOverlay | CommandCloseOverlay | CommandOverlayLoaded | CommandCallback | CommandNavigate | CommandForgetCheckout;
  type CommandHandlers = { [K in Command["op"]]: (message: Extract<Command, { op: K }>) => void };

  /** The hosted checkout to the loader (its parent window), on the checkout channel; the loader relays each to the worker as a checkout-event, and sends close itself when the shopper closes the overlay. */
  interface CheckoutMessageLoaded {
    type: "loaded";
    channel?: "service-checkout";
  }
  interface CheckoutMessageStatus {
    type: "status";
    channel?: "service-checkout";
    status: 'success' | 'pending' | 'ko';
  }
  interface CheckoutMessageReturn {
    type: "return";
    channel?: "service-checkout";
    status: string | null;
  }
  interface CheckoutMessageClose {
    type: "close";
    channel?: "service-checkout";
  }
  interface CheckoutMessageError {
    type: "error";
    channel?: "service-checkout";
    reason: string | null;
  }
  type CheckoutMessage = CheckoutMessageLoaded | CheckoutMessageStatus | CheckoutMessageReturn | CheckoutMessageClose | CheckoutMessageError;
  type CheckoutMessageHandlers = { [K in CheckoutMessage["type"]]: (message: Extract<CheckoutMessage, { type: K }>) => void };

  /** The server to the loader, answering GET /sdk/first (backend_stub/web/first_answers.py): the commands for the elements in its query, what the worker adopts, how many of the query's rows were taken (the rest go by message), and why the SDK cannot start when the settings say so. */
  interface FirstAnswers {
    commands: Command[];
    elements: Row[];
    answers: Answer[];
    taken: number;
    failed?: StartReason;
  }

  /** The server to the bridge page: the JSON data it renders into the page (backend_stub/web/bridge_page.py) for the elements in the bridge's URL, when the loader could not fetch them. */
  interface BridgeFirst {
    commands: Command[];
    elements: Row[];
    answers: Answer[];
  }

  /** The bridge page to its worker, first and once: the loader's settings, the merchant's origin and the first answers. */
  interface WorkerStart {
    origin: string;
    settings: { public_key: string | null; sandbox: string | null; checkout_timeout_ms: string | null };
    elements: Row[];
    answers: Answer[];
  }
}
