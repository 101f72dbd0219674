// The page's side of the Web Worker (worker.js), where the engine's slow
// work runs: requests by id, answered by promises, and a way to stop a
// long solve (a fresh worker).

let worker;
let nextId = 0;
const pending = new Map();

/** Starts the worker. */
export function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.ready) return;
    const request = pending.get(data.id);
    pending.delete(data.id);
    if (data.error) request.reject(new Error(data.error));
    else request.resolve(data);
  };
}

/** Sends `message` to the worker; resolves with its answer. */
export function ask(message) {
  const id = (nextId += 1);
  worker.postMessage({ ...message, id });
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
