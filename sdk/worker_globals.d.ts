/* For tsc only (`make lint`): what bridge_worker.js gives the Python (sdk/bridge.py). */

interface ServiceBridgeHost {
  /** `callback(start)` runs once the bridge page's first message is here. */
  begin(callback: (start: ServiceProtocol.WorkerStart) => void): void;
  /** `callback(message)` for every later message: the loader's, relayed by the bridge page. */
  listen(callback: (message: ServiceProtocol.PageMessage) => void): void;
  post(message: ServiceProtocol.BridgeMessage): void;
  /** GETs; their statuses come back in batches of [index, status] pairs (0: no answer). */
  get(urls: string[], headers: Record<string, string>, onAnswers: (answers: [number, number][]) => void): void;
}

interface WorkerGlobalScope {
  serviceBridgeHost: ServiceBridgeHost;
}
