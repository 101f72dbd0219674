// The page's side of the Web Worker (worker.js), where the engine's slow
// work runs: requests by id, answered by promises, and a way to stop a
// long solve (a fresh worker). Requests made before the worker has loaded
// the engine wait for its "ready": a message that arrives while its module
// is still loading finds no handler and is lost.

let worker;
let ready = false;
let waiting = []; // messages made before the worker was ready
let nextId = 0;
const pending = new Map();

/** Starts the worker. */
export function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  ready = false;
  waiting = [];
  worker.onmessage = ({ data }) => {
    if (data.ready) {
      ready = true;
      for (const message of waiting) worker.postMessage(message);
      waiting = [];
      return;
    }
    const request = pending.get(data.id);
    pending.delete(data.id);
    if (data.error) request.reject(new Error(data.error));
    else request.resolve(data);
  };
}

/** Sends `message` to the worker; resolves with its answer. */
export function ask(message) {
  const id = (nextId += 1);
  if (ready) worker.postMessage({ ...message, id });
  else waiting.push({ ...message, id });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

/** Whether a request is still unanswered. */
export const busy = () => pending.size > 0;

/** Stops whatever the worker is doing: a fresh worker, unanswered requests dropped. */
export function restartWorker() {
  worker.terminate();
  pending.clear();
  startWorker();
}
